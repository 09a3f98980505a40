// The dashboard's only script: copy buttons. Every page works without it.
document.querySelectorAll<HTMLButtonElement>('button[data-copy]').forEach((button) => {
  button.hidden = false;
  button.addEventListener('click', async () => {
    const source = document.getElementById(button.dataset.copy ?? '') as HTMLInputElement | null;
    const status = document.getElementById(`${button.dataset.copy}-status`);
    if (!source) return;
    try {
      await navigator.clipboard.writeText(source.value);
      if (status) status.textContent = 'Copied to the clipboard.';
    } catch {
      source.select();
      if (status) status.textContent = 'Select the text and copy it (Ctrl+C or ⌘C).';
    }
  });
});
document.querySelectorAll<HTMLInputElement>('input[data-select-on-focus]').forEach((input) => {
  input.addEventListener('focus', () => input.select());
});
