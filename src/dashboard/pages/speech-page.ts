import type { DashboardPages } from '../dashboard-deps.js';
import { html } from '../html.js';
import { sendPage } from '../layout.js';
import { loggedIn } from '../viewer.js';
import { SOUND_LIMITS } from '../../modules/sounds/sounds.service.js';

const NAME_MAX = 100;
const DESCRIPTION_MAX = 500;
/** Earlier results listed under "Your speech". */
const RECENT = 20;

/** Text-to-speech: pick a voice, set it up, speak a text, listen and download; and the account's custom voices. */
export const speechPage: DashboardPages = (scope, { config, services }) => {
  scope.get('/speech', async (request, reply) => {
    const caller = loggedIn(request, reply);
    if (!caller) return;
    const [{ plan, usage, period }, recent] = await Promise.all([
      services.accounts.overview(caller),
      services.speech.list(caller, RECENT),
    ]);
    const maxCharacters = config.tts.maxCharacters;
    const body = html`
      <section class="card" aria-labelledby="speak-title">
        <h2 id="speak-title">Speak a text</h2>
        <form id="speak-form">
          <div class="voice-filters">
            <div>
              <label for="filter-language">Language</label>
              <select id="filter-language"><option value="">All languages</option></select>
            </div>
            <div>
              <label for="filter-accent">Accent</label>
              <select id="filter-accent"><option value="">Any accent</option></select>
            </div>
            <div id="gender-filter" hidden>
              <label for="filter-gender">Gender</label>
              <select id="filter-gender"><option value="">Any</option></select>
            </div>
            <div>
              <label for="filter-name">Search</label>
              <input id="filter-name" type="search" placeholder="Name or description" autocomplete="off" />
            </div>
          </div>
          <p class="hint" id="voice-count" role="status">Loading voices…</p>
          <fieldset class="voice-list" id="voice-list">
            <legend>Voice</legend>
          </fieldset>
          <p id="selected-voice" class="selected-voice" aria-live="polite">No voice chosen yet.</p>

          <details class="voice-settings" id="speak-settings-box">
            <summary>Voice settings</summary>
            <p class="hint">Settings apply to this text only. Leave them alone for the voice's own way of speaking.</p>
            <div id="speak-settings"></div>
            <button type="button" class="secondary small" id="reset-settings">Reset settings</button>
          </details>

          <label for="speech-text">Text</label>
          <textarea id="speech-text" name="text" required maxlength="${maxCharacters}" rows="6" aria-describedby="text-counter words-left"></textarea>
          <p class="hint counter" id="text-counter"><span id="character-count">0</span> / ${maxCharacters.toLocaleString('en')} characters · <span id="word-count">0</span> words<span id="quota-warning"></span></p>
          <p class="hint" id="words-left" data-left="${usage.tts_words_left}">
            <span id="words-left-value">${usage.tts_words_left.toLocaleString('en')}</span> of ${plan.monthly_tts_words.toLocaleString('en')} words left this period
            on the ${plan.name} plan (renews ${period.end.slice(0, 10)}). Speech is billed by words.
          </p>
          <p class="error" role="alert" id="speak-error"></p>
          <button type="submit" id="generate">Generate speech</button>
        </form>
      </section>

      <section class="card" aria-labelledby="takes-title" id="takes-card" hidden>
        <h2 id="takes-title">Your speech</h2>
        <p class="hint">Your latest results, the newest first. Each file stays at its link.</p>
        <ol class="takes" id="takes"></ol>
      </section>

      <section class="card" aria-labelledby="sound-title">
        <h2 id="sound-title">Sound effects</h2>
        <p class="hint">Describe a sound: rain, wind, waves, a fire, footsteps, a door, bells, an alarm, an engine, a crowd,
          birds, thunder, a clock, typing… Name several to mix them; words like <em>distant</em> or <em>heavy</em> change it.
          The prompt's words count against the same monthly words as speech.</p>
        <form id="sound-form">
          <label for="sound-prompt">Describe the sound</label>
          <textarea id="sound-prompt" name="prompt" required maxlength="${SOUND_LIMITS.maxPromptCharacters}" rows="2"
            placeholder="Rain falling on a tin roof with distant thunder"></textarea>
          <div class="sound-options">
            <div>
              <label for="sound-duration">Duration (seconds)</label>
              <input id="sound-duration" name="duration" type="number" required min="${SOUND_LIMITS.minSeconds}"
                max="${SOUND_LIMITS.maxSeconds}" step="0.5" value="${SOUND_LIMITS.defaultSeconds}" />
            </div>
            <div>
              <label for="sound-influence">Prompt influence (0 = freer, 1 = literal)</label>
              <input id="sound-influence" name="prompt_influence" type="number" required min="0" max="1" step="0.1"
                value="${SOUND_LIMITS.defaultInfluence}" />
            </div>
          </div>
          <p class="error" role="alert" id="sound-error"></p>
          <button type="submit" id="generate-sound">Generate sound</button>
        </form>
        <ol class="takes" id="sounds" aria-label="Your sound effects"></ol>
      </section>

      <section class="card" aria-labelledby="custom-title">
        <h2 id="custom-title">Custom voices</h2>
        <p class="hint">A custom voice is a base voice with your own name and settings. It shows up in the voice list above,
          and the API takes its id as <code>voiceID</code>.</p>
        <p id="custom-empty" hidden>You have no custom voices yet.</p>
        <ul class="custom-voices" id="custom-voices"></ul>

        <h3 id="create-voice-title">Create a custom voice</h3>
        <form id="custom-form" aria-labelledby="create-voice-title">
          <label for="custom-name">Name</label>
          <input id="custom-name" name="name" required maxlength="${NAME_MAX}" autocomplete="off" />
          <label for="custom-description">Description <span class="optional">(optional)</span></label>
          <textarea id="custom-description" name="description" maxlength="${DESCRIPTION_MAX}" rows="2"></textarea>
          <label for="custom-base">Base voice</label>
          <select id="custom-base" name="base_voice_id" required><option value="">Loading voices…</option></select>
          <fieldset>
            <legend>Settings</legend>
            <div id="custom-settings"></div>
          </fieldset>
          <p class="error" role="alert"></p>
          <button type="submit">Create voice</button>
        </form>
      </section>`;
    return sendPage(reply, {
      title: 'Speech',
      viewer: request.viewer,
      section: '/dashboard/speech',
      body,
      scripts: ['speech.js', 'sound-effects.js'],
      styles: ['speech.css'],
      data: { recent },
    });
  });
};
