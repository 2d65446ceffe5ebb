/**
 * Whisper's languages in the order of their tokens (whisper.cpp's g_lang): a multilingual model with
 * n_vocab 51865 knows the first 99, large-v3 (51866) adds Cantonese. Names as the API takes them.
 */
const LANGUAGES: readonly (readonly [code: string, name: string])[] = [
  ['en', 'English'],
  ['zh', 'Chinese'],
  ['de', 'German'],
  ['es', 'Spanish'],
  ['ru', 'Russian'],
  ['ko', 'Korean'],
  ['fr', 'French'],
  ['ja', 'Japanese'],
  ['pt', 'Portuguese'],
  ['tr', 'Turkish'],
  ['pl', 'Polish'],
  ['ca', 'Catalan'],
  ['nl', 'Dutch'],
  ['ar', 'Arabic'],
  ['sv', 'Swedish'],
  ['it', 'Italian'],
  ['id', 'Indonesian'],
  ['hi', 'Hindi'],
  ['fi', 'Finnish'],
  ['vi', 'Vietnamese'],
  ['he', 'Hebrew'],
  ['uk', 'Ukrainian'],
  ['el', 'Greek'],
  ['ms', 'Malay'],
  ['cs', 'Czech'],
  ['ro', 'Romanian'],
  ['da', 'Danish'],
  ['hu', 'Hungarian'],
  ['ta', 'Tamil'],
  ['no', 'Norwegian'],
  ['th', 'Thai'],
  ['ur', 'Urdu'],
  ['hr', 'Croatian'],
  ['bg', 'Bulgarian'],
  ['lt', 'Lithuanian'],
  ['la', 'Latin'],
  ['mi', 'Maori'],
  ['ml', 'Malayalam'],
  ['cy', 'Welsh'],
  ['sk', 'Slovak'],
  ['te', 'Telugu'],
  ['fa', 'Persian'],
  ['lv', 'Latvian'],
  ['bn', 'Bengali'],
  ['sr', 'Serbian'],
  ['az', 'Azerbaijani'],
  ['sl', 'Slovenian'],
  ['kn', 'Kannada'],
  ['et', 'Estonian'],
  ['mk', 'Macedonian'],
  ['br', 'Breton'],
  ['eu', 'Basque'],
  ['is', 'Icelandic'],
  ['hy', 'Armenian'],
  ['ne', 'Nepali'],
  ['mn', 'Mongolian'],
  ['bs', 'Bosnian'],
  ['kk', 'Kazakh'],
  ['sq', 'Albanian'],
  ['sw', 'Swahili'],
  ['gl', 'Galician'],
  ['mr', 'Marathi'],
  ['pa', 'Punjabi'],
  ['si', 'Sinhala'],
  ['km', 'Khmer'],
  ['sn', 'Shona'],
  ['yo', 'Yoruba'],
  ['so', 'Somali'],
  ['af', 'Afrikaans'],
  ['oc', 'Occitan'],
  ['ka', 'Georgian'],
  ['be', 'Belarusian'],
  ['tg', 'Tajik'],
  ['sd', 'Sindhi'],
  ['gu', 'Gujarati'],
  ['am', 'Amharic'],
  ['yi', 'Yiddish'],
  ['lo', 'Lao'],
  ['uz', 'Uzbek'],
  ['fo', 'Faroese'],
  ['ht', 'Haitian Creole'],
  ['ps', 'Pashto'],
  ['tk', 'Turkmen'],
  ['nn', 'Nynorsk'],
  ['mt', 'Maltese'],
  ['sa', 'Sanskrit'],
  ['lb', 'Luxembourgish'],
  ['my', 'Myanmar'],
  ['bo', 'Tibetan'],
  ['tl', 'Tagalog'],
  ['mg', 'Malagasy'],
  ['as', 'Assamese'],
  ['tt', 'Tatar'],
  ['haw', 'Hawaiian'],
  ['ln', 'Lingala'],
  ['ha', 'Hausa'],
  ['ba', 'Bashkir'],
  ['jw', 'Javanese'],
  ['su', 'Sundanese'],
  ['yue', 'Cantonese'],
];

/** Other names people use for the same languages (after openai-whisper's tokenizer), and Nynorsk's full name. */
const ALIASES: Readonly<Record<string, string>> = {
  Burmese: 'my',
  Valencian: 'ca',
  Flemish: 'nl',
  Haitian: 'ht',
  Letzeburgesch: 'lb',
  Pushto: 'ps',
  Panjabi: 'pa',
  Moldavian: 'ro',
  Moldovan: 'ro',
  Sinhalese: 'si',
  Castilian: 'es',
  Mandarin: 'zh',
  'Norwegian Nynorsk': 'nn',
};

/** What the API says to let whisper work the language out itself. */
export const DETECT_LANGUAGE = 'auto';

const byName = new Map<string, string>([
  ...LANGUAGES.map(([code, name]) => [name.toLowerCase(), code] as const),
  ...Object.entries(ALIASES).map(([name, code]) => [name.toLowerCase(), code] as const),
]);
const byCode = new Map<string, string>(LANGUAGES.map(([code, name]) => [code, name]));

/** Language name (any case, or an alias) -> whisper's code; `auto` for detection; undefined if whisper does not know it. */
export function whisperLanguageCode(name: string): string | undefined {
  const wanted = name.trim().toLowerCase();
  if (wanted === DETECT_LANGUAGE) return DETECT_LANGUAGE;
  return byName.get(wanted);
}

/** Whether a model that knows `count` languages knows this one (Cantonese needs large-v3's 100). */
export function modelKnows(code: string, count: number): boolean {
  const index = LANGUAGES.findIndex(([c]) => c === code);
  return index >= 0 && index < count;
}

/** Whisper's code -> the language's name, as the API writes it. */
export const whisperLanguageName = (code: string): string | undefined => byCode.get(code);

/** The names a model transcribes: its first `count` languages, with their aliases. */
export function whisperLanguageNames(count: number): string[] {
  const codes = new Set(LANGUAGES.slice(0, count).map(([code]) => code));
  return [
    ...LANGUAGES.slice(0, count).map(([, name]) => name),
    ...Object.keys(ALIASES).filter((alias) => codes.has(ALIASES[alias] ?? '')),
  ];
}
