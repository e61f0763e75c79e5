import { describe, expect, it } from 'vitest';
import { PRESENCE_EXPIRES_MS, PresenceBoard } from '../../src/server/modules/live-events/presence-board';

const entry = (stream: string, sub: string, row: number | null = null) => ({
  stream,
  sub,
  name: sub.toUpperCase(),
  list: 'instruments',
  row,
});

describe('PresenceBoard', () => {
  it('says what changed for others, and a refresh at the same place is no change', () => {
    const board = new PresenceBoard();
    expect(board.put('projects:1', entry('s1', 'erin', 5), 0)).toBe(true);
    expect(board.put('projects:1', entry('s1', 'erin', 5), 1_000)).toBe(false);
    expect(board.put('projects:1', entry('s1', 'erin', 6), 2_000)).toBe(true);
    expect(board.snapshot('projects:1').viewers).toEqual([entry('s1', 'erin', 6)]);
    expect(board.snapshot('projects:2').viewers).toEqual([]);
  });

  it("keeps entries per user: the same stream id named by another user is that user's own entry", () => {
    const board = new PresenceBoard();
    board.put('projects:1', entry('s1', 'erin', 5), 0);
    board.put('projects:1', entry('s1', 'vic', 9), 0);
    expect(board.entry('projects:1', 'erin', 's1')?.row).toBe(5);
    expect(board.remove('projects:1', 'vic', 's1')).toBe(true);
    expect(board.remove('projects:1', 'vic', 's1')).toBe(false);
    expect(board.snapshot('projects:1').viewers).toEqual([entry('s1', 'erin', 5)]);
  });

  it('drops an entry not refreshed within the expiry (a process that died), and keeps one refreshed', () => {
    const board = new PresenceBoard();
    board.put('projects:1', entry('old', 'erin'), 0);
    board.put('projects:1', entry('kept', 'vic'), 0);
    board.put('projects:1', entry('kept', 'vic'), PRESENCE_EXPIRES_MS - 1);
    expect(board.expire(PRESENCE_EXPIRES_MS)).toEqual([]);
    expect(board.expire(PRESENCE_EXPIRES_MS + 1)).toEqual(['projects:1']);
    expect(board.snapshot('projects:1').viewers.map((v) => v.stream)).toEqual(['kept']);
    expect(PRESENCE_EXPIRES_MS).toBeLessThanOrEqual(30_000);
  });
});
