/**
 * English words that never make a keyphrase: function words, plus the fillers, hedges and
 * generic nouns of spoken language, which otherwise dominate transcripts.
 */
const LIST = `
a about above after again against ago all almost along already also although always am among an and another any
anybody anyone anything anyway anyways anywhere are aren't around as ask asked at away back be became because become
been before being below best better between both but by can can't cannot come comes coming could couldn't did didn't
do does doesn't doing don't done down during each either else enough even ever every everybody everyone everything
exactly few first for from further get gets getting give given go goes going gone gonna good got gotta great had hadn't
has hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his how how's however i i'd
i'll i'm i've if in into is isn't it it'd it'll it's its itself just keep kind know known last least let let's like
likely little look looking lot lots made make makes making many may maybe me mean means might mine more most much must
my myself need needs never new next no nobody none nor not nothing now of off often oh ok okay on once one only onto or
other others otherwise our ours ourselves out over own part particular perhaps please point pretty probably put quite
rather re really right said same say saying says see seem seemed seems seen several shall she she'd she'll she's should
shouldn't since so some somebody someone something sometimes somewhat soon sort still stuff such sure take taken
taking talk talked talking tell than thank thanks that that's the their theirs them themselves then there there's
these they they'd they'll they're they've thing things think thinking this those though thought through thus to today
together too took toward towards try trying um uh umm hmm mm mhm unless until up upon us use used using very via want
wanted wants was wasn't way ways we we'd we'll we're we've well went were weren't what what's whatever when where
where's whether which while who who's whole whom whose why will with within without won't would wouldn't yeah yep yes
yet you you'd you'll you're you've your yours yourself yourselves guys bit everybody gonna wanna kinda sorta actually
basically literally definitely totally honestly obviously anyway alright hey hi hello bye goodbye cool nice fine thing
time times day days week weeks month months year years today tomorrow yesterday tonight morning afternoon evening
monday tuesday wednesday thursday friday saturday sunday two three four five six seven eight nine ten first second
third able else etc feel felt happen happened happens mind stuff start started call called told tell tells went yeah
add adds added move moved moves attend attended spend spent build built drive drove driven teach taught bring brought
buy bought sell sold ran run runs began begin begun gave find found keep kept left hold held meet met pay paid send sent
show showed shown stand stood understood write wrote written choose chose hear heard meant set tried tries hope hoped
wish agree agreed decide decided sound sounds sounded look looks looked seemed ask asks asked come came goes
later late less earlier compared hour hours minute minutes second seconds night nights people person session sessions
episode podcast recording notice noticed recommend recommended feeling
`;

/** Adverbs ("efficiently") end a keyphrase too; these "-ly" words are nouns or adjectives that can name one. */
export const LY_KEEP: ReadonlySet<string> = new Set(
  'family supply assembly anomaly monthly weekly daily quarterly yearly hourly early friendly italy july reply apply rally ally'.split(
    ' ',
  ),
);

export const STOP_WORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));
