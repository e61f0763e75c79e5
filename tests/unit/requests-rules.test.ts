import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRIORITY,
  DEFAULT_STATUS_ID,
  PRIORITY_CHOICES,
  PRIORITY_LABELS,
  isRequestValid,
  moduleIdForPath,
  newRequestValues,
  priorityLabel,
  requestUsername,
  showsResponseField,
} from '../../src/lib/requests';
import { submitRequest } from '../../src/features/requests/submit-request';

describe('moduleIdForPath (spec §4)', () => {
  it.each([
    ['/home/dashboard', 1],
    ['/home/general/projectlist', 2],
    ['/home/general/projectdetail/1/1', 2],
    ['/home/general/projectdetail/0/1', 2],
    ['/home/general/lithiumprojectlist', 2],
    ['/home/general/quotelist1', 3],
    ['/home/general/quote/0', 3],
    ['/home/general/packagelist', 4],
    ['/home/general/meetinglist', 5],
    ['/home/general/proposallist', 6],
    ['/home/general/theproposal/0', 6],
    ['/home/general/clientlist', 7],
    ['/home/general/partslist', 8],
    ['/home/general/thepart/0', 8],
    ['/home/general/pidlist', 9],
    ['/home/general/reports', 10],
    ['/home/general/users', 11],
    ['/general/profile', 11],
    ['/home/general/supplierlist', 12],
    ['/home/general/requestsbugsV2', 12],
    ['/home/general/appupdates', 12],
    ['/home/general/housekeeping', 12],
    ['/home/general/admintables', 12],
    ['/home/icons', 12],
    ['/', 12],
  ])('%s preselects module %i', (path, id) => {
    expect(moduleIdForPath(path)).toBe(id);
  });

  it('ignores case', () => {
    expect(moduleIdForPath('/home/Dashboard')).toBe(1);
  });
});

describe('requestUsername (spec §4, §8)', () => {
  it('is the nickname, else the name, else Unknown User', () => {
    expect(requestUsername({ nickname: 'vic', name: 'Victoria Viewer' })).toBe('vic');
    expect(requestUsername({ nickname: '', name: 'Victoria Viewer' })).toBe('Victoria Viewer');
    expect(requestUsername({ nickname: '  ', name: null })).toBe('Unknown User');
    expect(requestUsername({ name: 'Victoria Viewer' })).toBe('Victoria Viewer');
    expect(requestUsername({})).toBe('Unknown User');
    expect(requestUsername(null)).toBe('Unknown User');
    expect(requestUsername(undefined)).toBe('Unknown User');
  });
});

describe('isRequestValid (spec §5)', () => {
  const valid = { type_id: 1, module_id: 2, description: 'The list forgets its sort.' };
  it('needs a type, a module and a description with non-whitespace content', () => {
    expect(isRequestValid(valid)).toBe(true);
    expect(isRequestValid({ ...valid, type_id: null })).toBe(false);
    expect(isRequestValid({ ...valid, module_id: undefined })).toBe(false);
    expect(isRequestValid({ ...valid, description: '' })).toBe(false);
    expect(isRequestValid({ ...valid, description: ' \n\t ' })).toBe(false);
    expect(isRequestValid({ ...valid, description: null })).toBe(false);
    expect(isRequestValid({ ...valid, type_id: 0 })).toBe(false);
  });
});

describe('defaults and labels (spec §3, §4, §9)', () => {
  it('starts a new request Open with priority 5 and the module of the page', () => {
    expect(newRequestValues('/home/general/projectdetail/1/1')).toMatchObject({
      status_id: DEFAULT_STATUS_ID,
      priority: DEFAULT_PRIORITY,
      module_id: 2,
      type_id: null,
    });
    expect([DEFAULT_STATUS_ID, DEFAULT_PRIORITY]).toEqual([1, 5]);
  });

  it('labels priorities 1 Lowest to 10 Emergency', () => {
    expect(Object.values(PRIORITY_LABELS)).toEqual([
      'Lowest',
      'Low',
      'Low-Medium',
      'Medium',
      'Medium',
      'Medium-High',
      'High',
      'High',
      'Critical',
      'Emergency',
    ]);
    expect(priorityLabel(5)).toBe('5 - Medium');
    expect(PRIORITY_CHOICES.map((c) => c.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('shows the Response field only when editing a request that already has a description', () => {
    expect(showsResponseField(null)).toBe(false);
    expect(showsResponseField({ id: 3, description: 'Broken' })).toBe(true);
    expect(showsResponseField({ id: 3, description: '  ' })).toBe(false);
    expect(showsResponseField({ description: 'Not saved yet' })).toBe(false);
  });
});

describe('submitRequest (spec §5, §8)', () => {
  const value = { type_id: 1, module_id: 2, description: 'x', priority: 5, status_id: 1 };

  it("fails with 'User not authenticated' and sends nothing when nobody is signed in", async () => {
    let calls = 0;
    const fetcher = async <T>(): Promise<T> => {
      calls++;
      return {} as T;
    };
    await expect(submitRequest(fetcher, undefined, false, value, null)).rejects.toThrow('User not authenticated');
    await expect(submitRequest(fetcher, { sub: 'local|viewer' }, false, value, null)).rejects.toThrow(
      'User not authenticated',
    );
    expect(calls).toBe(0);
  });

  it('posts the envelope (data, param2 = sub) with the username fallback, and rejects an empty answer', async () => {
    const sent: { path: string; body: unknown }[] = [];
    const answer: { current: unknown } = { current: { id: 7, statusname: 'Open' } };
    const fetcher = async <T>(path: string, init?: RequestInit): Promise<T> => {
      sent.push({ path, body: JSON.parse(String(init?.body)) });
      return answer.current as T;
    };
    await expect(
      submitRequest(fetcher, { sub: 'local|viewer', name: 'Viewer' }, true, value, null),
    ).resolves.toMatchObject({ id: 7 });
    expect(sent[0]).toEqual({
      path: '/api/bugsV2',
      body: { param1: 'create', param2: 'local|viewer', data: { ...value, username: 'Viewer' } },
    });
    await submitRequest(fetcher, { sub: 'local|viewer' }, true, value, { id: 7, version: 2 });
    expect(sent[1]?.body).toMatchObject({ param1: 'update', data: { id: 7, version: 2, username: 'Unknown User' } });
    answer.current = undefined;
    await expect(submitRequest(fetcher, { sub: 'local|viewer' }, true, value, null)).rejects.toThrow(
      'Failed to save bug',
    );
  });
});
