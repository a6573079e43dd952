/** The page of a kiosk that cannot load (#25): a restart told apart from a host that does not answer. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../common/api/errors.js';
import { bootErrorKind, kioskLink } from '../../renderer/src/shell/BootError.js';

describe('boot error', () => {
  it('a refused session is a restart; a network failure or a host error is "does not answer"', () => {
    expect(bootErrorKind(new ApiError('not-authenticated', 'not authenticated: open the kiosk URL with its token'))).toBe('restarted');
    expect(bootErrorKind(new TypeError('Failed to fetch'))).toBe('down');
    expect(bootErrorKind(new ApiError('host', 'boom'))).toBe('down');
    expect(bootErrorKind('x')).toBe('down');
  });

  it('opens only a kiosk link on this machine', () => {
    expect(kioskLink(' http://127.0.0.1:5123/?token=abc ')).toBe('http://127.0.0.1:5123/?token=abc');
    expect(kioskLink('http://localhost:8080/?token=a')).toBe('http://localhost:8080/?token=a');
    expect(kioskLink('https://evil.example/?token=a')).toBeNull();
    expect(kioskLink('javascript:alert(1)')).toBeNull();
    expect(kioskLink('not a link')).toBeNull();
  });
});
