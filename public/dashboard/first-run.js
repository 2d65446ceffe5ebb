// The first-run notice's one click: an admin pulls the recommended small language model through the admin API.
import { api } from './common.js';

const button = document.getElementById('pull-recommended');
const status = document.getElementById('pull-recommended-status');

button?.addEventListener('click', async () => {
  button.disabled = true;
  try {
    await api(`/api/admin/models/${encodeURIComponent(button.dataset.model)}/pull`, { method: 'POST' });
    status.replaceChildren('Pulling started: ');
    const link = document.createElement('a');
    link.href = '/dashboard/admin/models';
    link.textContent = 'see its progress';
    status.append(link, '.');
  } catch (failure) {
    status.textContent = failure.message;
    button.disabled = false;
  }
});
