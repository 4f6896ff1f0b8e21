import { describe, expect, it } from 'vitest';
import { bearerToken, originAllowed } from '../../server/auth/resolve.js';

describe('originAllowed', () => {
  it.each([
    [['https://clinic.example'], 'https://clinic.example', true],
    [['https://clinic.example'], 'https://clinic.example.evil.com', false],
    [['https://clinic.example'], 'http://clinic.example', false],
    [['http://localhost:*'], 'http://localhost:5173', true],
    [['http://localhost:*'], 'http://localhost.evil.com:5173', false],
    [['http://localhost:*'], 'http://localhost:5173.evil.com', false],
    [['*'], 'https://anything.example', true],
    [['https://clinic.example'], null, false], // no Origin: not a page, so no browser credential
    [['*'], null, false],
  ] as const)('%j allows %s: %s', (allowed, origin, expected) => {
    expect(originAllowed(allowed, origin)).toBe(expected);
  });
});

describe('bearerToken', () => {
  it('reads `Bearer <token>` and nothing else', () => {
    expect(bearerToken('Bearer pk_abc')).toBe('pk_abc');
    expect(bearerToken('bearer  tt_x ')).toBe('tt_x');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});
