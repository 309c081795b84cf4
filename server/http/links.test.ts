/**
 * @jest-environment node
 *
 * Mailed links (docs/security.md#mailed-links): the configured login page, or the demo page of
 * the public URL with the mail's language, and the key; the same whether the page was made into
 * a link before or not.
 */
import type { ServerConfig } from '../config';
import { linkFor } from './context';

const ctx = (loginUrl: string | null, publicUrl = 'https://widget.example') => ({
  config: { loginUrl } as unknown as ServerConfig,
  publicUrl: () => publicUrl,
});

describe('a mailed link', () => {
  it("is the demo page of the public URL, with the mail's language", () => {
    for (let i = 0; i < 2; i += 1) {
      expect(linkFor(ctx(null), 'abc_-1')).toBe('https://widget.example/demo/login?k=abc_-1');
      expect(linkFor(ctx(null), 'abc_-1', 'en')).toBe(
        'https://widget.example/demo/login?lang=en-US&k=abc_-1',
      );
    }
    expect(linkFor(ctx(null, 'http://127.0.0.1:4000'), 'k2')).toBe(
      'http://127.0.0.1:4000/demo/login?k=k2',
    );
  });

  it('is the configured login page as it is, with the key added, in either language', () => {
    const page = 'https://makler.example/portal?ref=mail';
    for (let i = 0; i < 2; i += 1)
      for (const lang of ['de', 'en'] as const)
        expect(linkFor(ctx(page), 'a1', lang)).toBe('https://makler.example/portal?ref=mail&k=a1');
    expect(linkFor(ctx('https://makler.example/login'), 'a1')).toBe(
      'https://makler.example/login?k=a1',
    );
  });

  it('keeps a fragment last and sets a key the page names already', () => {
    for (let i = 0; i < 2; i += 1) {
      expect(linkFor(ctx('https://makler.example/app#/login'), 'z9')).toBe(
        'https://makler.example/app?k=z9#/login',
      );
      expect(linkFor(ctx('https://makler.example/login?k=old&x=1'), 'z9')).toBe(
        'https://makler.example/login?k=z9&x=1',
      );
    }
  });

  it('puts the key in the query of a page ending in an empty query or fragment', () => {
    for (let i = 0; i < 2; i += 1) {
      expect(linkFor(ctx('https://makler.example/login?'), 'K1')).toBe(
        'https://makler.example/login?k=K1',
      );
      expect(linkFor(ctx('https://makler.example/login#'), 'K1')).toBe(
        'https://makler.example/login?k=K1#',
      );
      expect(linkFor(ctx('https://makler.example/login?a=1#'), 'K1')).toBe(
        'https://makler.example/login?a=1&k=K1#',
      );
    }
  });

  it('encodes a key as a URL parameter', () => {
    expect(linkFor(ctx(null), 'a b&c')).toBe('https://widget.example/demo/login?k=a+b%26c');
  });
});
