import { expect } from 'vitest';
import type { BatchResponse } from '../../src/lib/entity-api';
import type { EntityRow } from '../../src/schemas/schema-types';
import type { listeningSuite } from './test-app';
import { openSse, type ReadEvent, type SseStream } from './sse-client';

/** Opening a project's (or another document's) event stream on a listening test app, and what the tests wait for. */
export function liveEventHelpers({ suite, base }: ReturnType<typeof listeningSuite>) {
  const open = (projectId: number, token: string | undefined = suite.viewer, lastEventId?: string, at = base()) =>
    openSse(`${at}/api/projects/${projectId}/events`, {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    });

  async function opened(projectId: number, token?: string, lastEventId?: string, at?: string): Promise<SseStream> {
    const stream = await open(projectId, token, lastEventId, at);
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'ready');
    return stream;
  }

  async function createAreas(projectId: number, codes: string[]): Promise<EntityRow[]> {
    const response = await suite.post('/entities/areas/batch', {
      creates: codes.map((areacode, i) => ({
        clientKey: String(i),
        values: { project_id: projectId, areacode, description: `Area ${areacode}` },
      })),
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as BatchResponse).created;
  }

  async function openedDocument(root: string, id: number): Promise<SseStream> {
    const stream = await openSse(`${base()}/api/${root}/${id}/events`, { authorization: `Bearer ${suite.viewer}` });
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'ready');
    return stream;
  }

  const changeOf = (list: string, id: number) => (e: ReadEvent) =>
    e.event === 'change' &&
    (e.data as { list: string }).list === list &&
    (e.data as { rows: { id: number }[] }).rows.some((row) => row.id === id);

  return { open, opened, createAreas, openedDocument, changeOf };
}

/** Two projects the streams follow, created once per file. */
export async function twoProjects(
  suite: ReturnType<typeof listeningSuite>['suite'],
  name: string,
): Promise<[number, number]> {
  const response = await suite.post('/entities/projects/batch', {
    creates: [
      { clientKey: 'a', values: { name: `${name} A` } },
      { clientKey: 'b', values: { name: `${name} B` } },
    ],
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as BatchResponse).created.map((row) => row.id) as [number, number];
}
