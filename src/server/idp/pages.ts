/**
 * The few HTML pages of the embedded identity provider. Self-contained on purpose: no scripts
 * (the app's CSP allows only same-origin scripts) and no external fonts or images.
 * Every value that reaches the markup goes through escapeHtml.
 */

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
    font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f6f8;color:#1c2025}
  main{width:100%;max-width:360px;margin:16px;padding:32px;background:#fff;border-radius:8px;
    box-shadow:0 1px 3px rgba(0,0,0,.12),0 4px 16px rgba(0,0,0,.06)}
  h1{margin:0 0 24px;font-size:1.35rem;font-weight:600}
  label{display:block;margin:0 0 16px;font-size:.875rem;font-weight:500}
  input{display:block;width:100%;margin-top:6px;padding:10px 12px;font:inherit;font-size:1rem;
    border:1px solid #c4c9d0;border-radius:4px}
  input:focus{outline:2px solid #0f4c81;outline-offset:-1px;border-color:#0f4c81}
  button{width:100%;margin-top:8px;padding:11px;font:inherit;font-weight:600;color:#fff;
    background:#0f4c81;border:0;border-radius:4px;cursor:pointer}
  button:hover{background:#0a3a63}
  .error{margin:0 0 16px;padding:10px 12px;border-radius:4px;background:#fdecea;color:#8a1c12;font-size:.875rem}
  .brand{display:flex;align-items:center;gap:8px;margin:0 0 20px;font-weight:700;color:#0f4c81}
  p{line-height:1.5}
  a{color:#0f4c81}
`;

/** The app's mark (public/favicon.svg), inline so the page needs nothing else. */
const BRAND_MARK =
  '<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="6" fill="#0f4c81"/><path d="M8 9h16v4h-6v12h-4V13H8z" fill="#f5b82e"/></svg>';

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="brand">${BRAND_MARK}<span>Tagbase</span></div>
${body}
</main>
</body>
</html>`;
}

export function signInPage(options: { uid: string; username?: string; error?: string }): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  const focusPassword = Boolean(options.username);
  return page(
    'Sign in to Tagbase',
    `<h1>Sign in to Tagbase</h1>
${error}<form method="post" action="/idp/interaction/${encodeURIComponent(options.uid)}/login" autocomplete="on">
<label>Username
<input name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required${focusPassword ? '' : ' autofocus'} value="${escapeHtml(options.username)}">
</label>
<label>Password
<input name="password" type="password" autocomplete="current-password" required${focusPassword ? ' autofocus' : ''}>
</label>
<button type="submit">Sign in</button>
</form>`,
  );
}

/** A dead end with one way out: back to the app, which starts a fresh sign-in. */
export function messagePage(options: { title: string; message: string; returnUrl: string; details?: string }): string {
  const details = options.details ? `<p><small>${escapeHtml(options.details)}</small></p>` : '';
  return page(
    options.title,
    `<h1>${escapeHtml(options.title)}</h1>
<p>${escapeHtml(options.message)}</p>
${details}<p><a href="${escapeHtml(options.returnUrl)}">Back to Tagbase</a></p>`,
  );
}
