// A shared preset's public page: the form runs the preset by a JSON post to the same address, and shows the output
// and the runs left without leaving the page (without this script the form posts and the page comes back).
import { ApiError, api, busy, pageData, showCounts } from './common.js';

const form = document.getElementById('public-preset-form');
if (form) setUp(form);

function setUp(runForm) {
  const { dailyCap } = pageData();
  showCounts(runForm);

  runForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void busy(runForm, async () => {
      try {
        const answer = await api(location.pathname, {
          method: 'POST',
          body: valuesOf(runForm),
          headers: { accept: 'application/json' },
        });
        showOutput(answer.text);
        showRemaining(answer.remaining_today, dailyCap);
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 429 && /today/.test(failure.message))
          showRemaining(0, dailyCap);
        throw failure;
      }
    });
  });
}

/** The form's fields by name, as the page's plain post sends them (a checked box as "true"). */
function valuesOf(runForm) {
  const values = {};
  for (const field of runForm.elements) {
    if (!field.name || field.name === '_csrf') continue;
    if (field.type === 'radio' && !field.checked) continue;
    if (field.type === 'checkbox') values[field.name] = field.checked ? 'true' : 'false';
    else values[field.name] = field.value;
  }
  return values;
}

function showOutput(text) {
  const section = document.getElementById('public-result');
  document.getElementById('public-output').textContent = text;
  section.hidden = false;
  document.getElementById('public-result-title').focus();
}

function showRemaining(remaining, cap) {
  document.getElementById('runs-left').textContent =
    remaining === 0
      ? `This link has used all of its ${cap} runs for today (UTC): try again tomorrow.`
      : `${remaining} of ${cap} ${cap === 1 ? 'run' : 'runs'} left today (UTC).`;
}
