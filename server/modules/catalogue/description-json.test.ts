// Product.descriptionJson: the sanitised HTML description as Editor.js-shaped blocks (ADR 044).
import { describe, expect, it } from 'vitest';
import { sanitizeContent } from '../../lib/sanitize-content';
import { descriptionBlocks, descriptionJson } from './description-json';

describe('descriptionBlocks', () => {
  it('turns headings, paragraphs, lists, quotes and rules into blocks, keeping inline HTML', () => {
    const html = sanitizeContent(
      '<h2>Why you\'ll love it</h2><p>A <strong>6.1"</strong> display.</p><ul><li>5G</li><li>128 GB <em>storage</em></li></ul>' +
        '<ol><li>One</li></ol><blockquote>Best buy</blockquote><hr><table><tbody><tr><td>Weight</td><td>170 g</td></tr></tbody></table>',
    );
    expect(descriptionBlocks(html)).toEqual([
      { type: 'header', data: { text: 'Why you\'ll love it', level: 2 } },
      { type: 'paragraph', data: { text: 'A <strong>6.1"</strong> display.' } },
      { type: 'list', data: { style: 'unordered', items: ['5G', '128 GB <em>storage</em>'] } },
      { type: 'list', data: { style: 'ordered', items: ['One'] } },
      { type: 'quote', data: { text: 'Best buy' } },
      { type: 'delimiter', data: {} },
      { type: 'raw', data: { html: '<table><tbody><tr><td>Weight</td><td>170 g</td></tr></tbody></table>' } },
    ]);
  });

  it('makes paragraphs of loose text split at line breaks, and nothing of an empty description', () => {
    expect(descriptionBlocks('Plain text<br />second line')).toEqual([
      { type: 'paragraph', data: { text: 'Plain text' } },
      { type: 'paragraph', data: { text: 'second line' } },
    ]);
    expect(descriptionJson('')).toBe('{"blocks":[]}');
  });

  it('keeps nested blocks whole inside their top-level block, however deep, without recursing', () => {
    expect(descriptionBlocks('<div><div><p>in</p></div></div>')).toEqual([{ type: 'paragraph', data: { text: '<div><p>in</p></div>' } }]);
    const deep = '<div>'.repeat(20_000) + 'x' + '</div>'.repeat(20_000);
    expect(descriptionBlocks(deep)).toHaveLength(1);
  });
});
