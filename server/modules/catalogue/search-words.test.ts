import { describe, expect, it } from 'vitest';
import { searchWords } from './catalogue.service';

describe('searchWords', () => {
  it('keeps up to 8 lower-case words of letters and digits', () => {
    expect(searchWords('Samsung Galaxy-S24, 256GB!')).toEqual(['samsung', 'galaxy', 's24', '256gb']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });

  it('cuts a word to 40 characters, so typo correction never compares a huge word', () => {
    const [word] = searchWords('x'.repeat(10_000));
    expect(word).toHaveLength(40);
  });
});
