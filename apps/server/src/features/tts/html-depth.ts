import { Parser } from 'htmlparser2';

class TooDeep extends Error {}

/**
 * Whether an HTML page nests elements deeper than `maxDepth`, counted the way the parser html-to-text uses sees them
 * (implied end tags and void elements included). The scan is a streaming one with no recursion, so a page nested
 * 100,000 deep is answered quickly instead of overflowing the stack of the recursive converter.
 */
export function htmlNestsDeeperThan(html: string, maxDepth: number): boolean {
  let depth = 0;
  const parser = new Parser({
    onopentag() {
      depth += 1;
      if (depth > maxDepth) throw new TooDeep();
    },
    onclosetag() {
      depth -= 1;
    },
  });
  try {
    parser.end(html);
    return false;
  } catch (error) {
    if (error instanceof TooDeep) return true;
    throw error;
  }
}
