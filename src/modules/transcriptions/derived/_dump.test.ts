import { it } from 'vitest';
import type { TranscriptSegment } from '../../../engines/spec/asr-model.js';
import { deriveBuiltin } from './builtin.js';
import { DERIVED_FIELDS, type DerivedField, type TranscriptInput } from './fields.js';
import { formatTimestamp } from './format.js';

/** [start, speaker, text]; each segment ends where the next starts. */
type Line = [number, string | undefined, string];

function transcript(audioType: string, lines: Line[], end: number, name = 'recording-0412'): TranscriptInput {
  const segments: TranscriptSegment[] = lines.map(([start, speaker, text], i) => ({
    start,
    end: lines[i + 1]?.[0] ?? end,
    text,
    ...(speaker ? { speaker } : {}),
  }));
  return { name, audioType, language: 'English', text: segments.map((s) => s.text).join(' '), segments };
}

const A = 'Speaker 1';
const B = 'Speaker 2';

const MEETING = transcript('Meeting', [
  [0, A, "Okay, let's get started with the weekly product sync."],
  [6, A, 'The main topic today is the launch plan for the new mobile app.'],
  [12, B, 'Sounds good.'],
  [14, B, 'The beta feedback from last week was mostly positive, but users keep reporting slow login times.'],
  [24, A, 'How slow are we talking about?'],
  [28, B, 'On older Android phones the login screen takes about eight seconds to load.'],
  [36, A, 'That is too slow for a public launch.'],
  [41, B, 'I agree, the login performance has to be fixed before we ship.'],
  [48, A, 'Our engineering team thinks the delay comes from the authentication service.'],
  [56, B, "I'll profile the authentication service this week and share the results on Thursday."],
  [66, A, 'Great, thank you.'],
  [69, A, 'Next, the marketing budget.'],
  [73, A, 'We have forty thousand dollars left in the marketing budget for this quarter.'],
  [82, B, 'Most of the marketing budget should go to the launch campaign on social media.'],
  [90, A, "I'd like to keep part of the budget for influencer partnerships as well."],
  [98, B, 'That makes sense if the influencer partnerships can start before the launch date.'],
  [106, A, 'Can you draft a budget proposal with both options by Friday?'],
  [112, B, "Yes, I'll send the budget proposal to you and finance by Friday."],
  [119, A, 'Perfect.'],
  [121, A, 'Now, about the launch date itself.'],
  [125, A, 'The current plan is to launch the mobile app on March fifteenth.'],
  [132, B, 'If the login fix slips, the launch date will slip too.'],
  [139, A, "Then let's agree on a checkpoint meeting on March first to confirm the launch date."],
  [147, B, 'Good idea, I will schedule the checkpoint meeting and invite the whole team.'],
  [155, A, "What's the status of the hiring plan for the support team?"],
  [161, B, 'We interviewed five candidates for the two support roles.'],
  [167, B, 'Two candidates look strong, and we should make offers next week.'],
  [174, A, 'The support team will need training on the new app before launch day.'],
  [181, B, 'I can prepare the training materials once the beta is stable.'],
  [188, A, 'Please follow up with human resources about the offer letters.'],
  [194, B, 'Will do.'],
  [196, A, 'One more thing on customer feedback.'],
  [200, A, 'The app store reviews from the beta mention confusing onboarding screens.'],
  [208, B, 'Our designer has already sketched a simpler onboarding flow.'],
  [215, A, "Let's review the new onboarding flow in next week's design review."],
  [222, B, "Sounds good, I'll add it to the design review agenda."],
  [229, A, 'To recap, login performance, the marketing budget, the launch date and support hiring are our priorities.'],
  [238, B, 'Agreed.'],
  [240, A, 'Thanks everyone, see you next week.'],
  [244, B, 'Thanks, bye.'],
], 247);

const ONE_SEGMENT = transcript('Meeting', [
  [0, undefined, 'We should move the quarterly review to Monday so the finance team can attend.'],
], 6);

/** pocketsphinx: lower case, no punctuation, uneven segments. */
const UNPUNCTUATED = transcript('Interview', [
  [0, undefined, 'so thanks for coming in today'],
  [3, undefined, 'tell me a little about your experience with warehouse logistics'],
  [8, undefined, 'sure i spent six years running inventory for a regional grocery chain and before that i drove delivery routes for a furniture company which taught me a lot about scheduling and loading trucks efficiently and how small delays add up over a whole week of deliveries'],
  [31, undefined, 'what was the hardest part of running inventory'],
  [35, undefined, 'honestly the hardest part was seasonal demand because the holiday weeks doubled our volume and the inventory system could not keep up so we built a spreadsheet forecast'],
  [52, undefined, 'how did the forecast work'],
  [55, undefined, 'we compared sales from the last three holiday seasons and ordered stock two weeks earlier for the products that sold out'],
  [66, undefined, 'that sounds useful for our warehouse too'],
  [70, undefined, 'we will follow up next week about the second interview with the warehouse manager'],
], 78, 'interview');

import { writeFileSync } from 'node:fs';
it('dump', () => {
  let out = '';
  for (const [label, t] of [['MEETING', MEETING], ['ONE', ONE_SEGMENT], ['UNP', UNPUNCTUATED]] as const) {
    for (const f of DERIVED_FIELDS) out += `\n===== ${label} ${f}\n${deriveBuiltin(f, t)}\n`;
  }
  writeFileSync('/tmp/dump.txt', out);
});
