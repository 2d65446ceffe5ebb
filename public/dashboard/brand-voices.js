// Brand voices: the instructions' character count as you type, and how much of them the engine reads.
const field = document.getElementById('voice-instructions');
const count = document.getElementById('instructions-characters');
const over = document.getElementById('instructions-over');
const applied = Number(document.getElementById('instructions-count')?.dataset.applied);
field?.addEventListener('input', () => {
  // Code points, as the service counts them.
  const length = Array.from(field.value).length;
  count.textContent = length.toLocaleString('en');
  over.textContent = length > applied ? `: ${(length - applied).toLocaleString('en')} past them are not read` : '';
});
