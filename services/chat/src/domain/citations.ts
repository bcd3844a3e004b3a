/** The model's reply when the entries it was given do not answer the question. */
export const NOT_IN_ARCHIVE = 'NOT_IN_ARCHIVE';

/** The ids the model cited, in square brackets after the sentences that use them: [goonj]. */
export const citedIds = (text: string): string[] => [...new Set([...text.matchAll(/\[([a-z0-9]+(?:-[a-z0-9]+)*)\]/g)].map((match) => match[1] ?? ''))];

const CITATION_AND_SPACE_BEFORE = /\s*\[[a-z0-9]+(?:-[a-z0-9]+)*\]/g;

/** The model's text as a reader sees it: without its citations. */
export const withoutCitations = (text: string): string => text.replace(CITATION_AND_SPACE_BEFORE, '').trim();

/**
 * Shows a model's text while it streams: takes each delta and gives back what can be shown now.
 * Citations are removed; an open bracket and the spaces before it wait until it closes, spaces
 * at the end wait for what follows, and a beginning that may yet be NOT_IN_ARCHIVE waits until
 * it cannot be. The pieces joined equal withoutCitations of the whole text, or nothing when it
 * begins with NOT_IN_ARCHIVE.
 */
export function citationFilter(): { push(delta: string): string; end(): string } {
  let pending = '';
  let started = false;
  // The model's abstention is never shown: a reply that begins with it is no answer.
  const mayBeAbstention = () => {
    const text = pending.trim();
    return !started && (NOT_IN_ARCHIVE.startsWith(text) || text.startsWith(NOT_IN_ARCHIVE));
  };
  const show = (text: string): string => {
    const shown = text.replace(CITATION_AND_SPACE_BEFORE, '');
    const piece = started ? shown : shown.trimStart();
    if (piece) started = true;
    return piece;
  };
  return {
    push(delta) {
      pending += delta;
      if (mayBeAbstention()) return '';
      const open = pending.lastIndexOf('[');
      let cut = open >= 0 && !pending.includes(']', open) ? open : pending.length;
      while (cut > 0 && /\s/.test(pending.charAt(cut - 1))) cut -= 1;
      const ready = pending.slice(0, cut);
      pending = pending.slice(cut);
      return show(ready);
    },
    end() {
      const rest = mayBeAbstention() ? '' : pending;
      pending = '';
      return show(rest).trimEnd();
    },
  };
}
