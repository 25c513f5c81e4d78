/** What an ICU message needs from its caller, for checks on catalogues and on operators' overrides. */
import { parse, type Token } from '@messageformat/parser';

/**
 * The message's placeholders (argument names, `#` not counted) and its tags, or the parse error.
 * A tag is anything Lingui would read as one — `<0>…</0>`, and a named one such as `<b>` or
 * `<script>` — so that markup nobody asked for is seen and refused, not rendered.
 */
export function inspectMessage(text: string): { placeholders: string[]; tags: string[] } | { error: string } {
  let tokens: Token[];
  try {
    tokens = parse(text);
  } catch (error) {
    return { error: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  }
  const placeholders = new Set<string>();
  const tags = new Set<string>();
  const visit = (list: Token[]) => {
    for (const token of list) {
      if (token.type === 'content') for (const tag of token.value.matchAll(/<\/?([a-zA-Z0-9]+)\s*\/?>/g)) tags.add(tag[1]);
      else if (token.type === 'argument' || token.type === 'function') placeholders.add(token.arg);
      else if (token.type === 'plural' || token.type === 'select') {
        placeholders.add(token.arg);
        for (const option of token.cases) visit(option.tokens);
      }
    }
  };
  visit(tokens);
  return { placeholders: [...placeholders].sort(), tags: [...tags].sort() };
}
