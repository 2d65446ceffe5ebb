// Sharing a preset: the new link's copy button (common.js copies what it names) shows once a script can press it.
for (const button of document.querySelectorAll('#new-link [data-copy]')) button.hidden = false;
