import type { ReactNode } from 'react';

/**
 * Answers use markdown bold and italic only (`**bold**`, `*italic*`, `_italic_`); anything else
 * stays text. Built as React nodes, never as HTML, so an answer cannot inject markup.
 */
export function renderEmphasis(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  const pattern = /\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|_([^_\s][^_]*)_/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const [, bold, starItalic, underscoreItalic] = match;
    nodes.push(bold !== undefined ? <strong key={match.index}>{bold}</strong> : <em key={match.index}>{starItalic ?? underscoreItalic}</em>);
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}
