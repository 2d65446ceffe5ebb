/** Words of a text as both the search index (FTS5 unicode61) and the builtin engine's answer composer see them. */

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** Common English words that say nothing about what a question is about. */
const STOPWORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by can could ' +
    'did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in ' +
    'into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own ' +
    'same she should so some such than that the their theirs them themselves then there these they this those through to too under ' +
    'until up very was we were what when where which while who whom why will with would you your yours yourself yourselves ' +
    'tell please know give get got let lets can cannot could would shall may might must s t d ll m re ve'
  ).split(' '),
);

/** The words of a text, lower case, in order. */
export const words = (text: string): string[] => (text.toLowerCase().match(WORD) ?? []).map((w) => w.normalize('NFC'));

export const isStopword = (word: string): boolean => STOPWORDS.has(word);

/** The words that carry meaning; all the words when every one of them is common ("The The"). */
export function contentWords(text: string): string[] {
  const all = words(text);
  const content = all.filter((w) => !STOPWORDS.has(w));
  return content.length > 0 ? content : all;
}
