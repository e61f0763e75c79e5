import { describe, expect, it } from 'vitest';
import { isRelativeUrl, withXsrfHeader } from '../../src/app/api/xsrf';

const cookies = 'theme=dark; XSRF-TOKEN=abc%2B123; other=1';
const header = (url: string, method: string | undefined, init: HeadersInit = {}) =>
  withXsrfHeader(url, method, new Headers(init), cookies).get('X-XSRF-TOKEN');

describe('X-XSRF-TOKEN header rules (spec §7)', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'post'])('adds the cookie value on %s to a relative URL', (method) => {
    expect(header('/api/clients', method)).toBe('abc+123');
    expect(header('api/clients', method)).toBe('abc+123');
  });

  it.each(['GET', 'HEAD', undefined])('adds nothing on %s', (method) => {
    expect(header('/api/clients', method)).toBeNull();
  });

  it('adds nothing to an absolute or protocol-relative URL, even on the same host', () => {
    expect(header('https://evil.example/api', 'POST')).toBeNull();
    expect(header('http://localhost:3000/api/clients', 'POST')).toBeNull();
    expect(header('//evil.example/api', 'POST')).toBeNull();
  });

  it('does not overwrite a header the caller set', () => {
    expect(header('/api/clients', 'POST', { 'X-XSRF-TOKEN': 'mine' })).toBe('mine');
  });

  it('adds nothing when there is no cookie, and keeps the other headers', () => {
    const result = withXsrfHeader('/api/x', 'POST', new Headers({ Authorization: 'Bearer t' }), 'a=b');
    expect(result.get('X-XSRF-TOKEN')).toBeNull();
    expect(result.get('Authorization')).toBe('Bearer t');
  });

  it('tells relative from absolute URLs', () => {
    expect(isRelativeUrl('/a')).toBe(true);
    expect(isRelativeUrl('mailto:x@y')).toBe(false);
  });
});
