import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { validateArtwork } from './artwork-upload.ts';

const svg = (body: string, rootAttributes = '') => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${rootAttributes}>${body}</svg>`;
const bytesOf = (text: string) => new TextEncoder().encode(text);
const stored = (text: string) => new TextDecoder().decode(validateArtwork(bytesOf(text)).bytes);

function refusal(text: string): AppError {
  try {
    validateArtwork(bytesOf(text));
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`accepted: ${text}`);
}

describe('SVG artwork', () => {
  it('keeps drawings, gradients and fragment references as they were', () => {
    const drawing = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#6d28d9"/></linearGradient></defs>' +
        '<rect width="10" height="10" fill="url(#g)"/><use href="#g"/><text x="1" y="5">Tom &amp; Jerry</text>',
    );
    expect(validateArtwork(bytesOf(drawing)).extension).toBe('svg');
    expect(stored(drawing)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#6d28d9"></stop>' +
        '</linearGradient></defs><rect width="10" height="10" fill="url(#g)"></rect><use href="#g"></use><text x="1" y="5">Tom &amp; Jerry</text></svg>',
    );
  });

  it.each([
    ['a script element', svg('<script>alert(1)</script>')],
    ['a script element in another case', svg('<SCRIPT>alert(1)</SCRIPT>')],
    ['foreign HTML', svg('<foreignObject><iframe src="https://evil.example"></iframe></foreignObject>')],
    ['an event handler', svg('<rect onclick="alert(1)"/>')],
    ['an event handler on the root', svg('', ' onload="alert(1)"')],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect/></a>')],
    ['an entity-encoded javascript: link', svg('<a href="&#106;avascript:alert(1)"><rect/></a>')],
    ['a hex-encoded javascript: link', svg('<a xlink:href="&#x6A;&#x61;vascript&#x3A;alert(1)"><rect/></a>')],
    ['a javascript: link split by whitespace', svg('<a href="java\tscript:alert(1)"><rect/></a>')],
    ['an animation that sets a javascript: link', svg('<a><set attributeName="href" to="javascript:alert(1)"/><rect/></a>')],
    ['a data: document', svg('<image href="data:text/html;base64,PHNjcmlwdD4="/>')],
    ['an undeclared entity', svg('<a href="&x;"><rect/></a>')],
  ])('refuses %s', (_label, text) => {
    expect(refusal(text)).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { fields: { file: ['SVG artwork must not contain scripts, event handlers or embedded documents'] } },
    });
  });

  it('refuses a DOCTYPE whose entities could hide a link', () => {
    expect(refusal(`<!DOCTYPE svg [<!ENTITY x "javascript:alert(1)">]>${svg('<a href="&x;"><rect/></a>')}`).code).toBe('VALIDATION_ERROR');
  });

  it('drops external references, styles that load things and unknown elements', () => {
    const text = stored(
      svg(
        '<style>@import url(https://evil.example/x.css)</style><image href="https://evil.example/p.png"/>' +
          '<rect fill="url(https://evil.example/track)" style="background:url(https://evil.example)" width="1"/>' +
          '<use href="https://evil.example/sprite.svg#a"/><circle r="2" data-x="1"/>',
      ),
    );
    expect(text).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="1"></rect><use></use><circle r="2"></circle></svg>');
  });
});
