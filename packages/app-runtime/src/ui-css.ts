/**
 * The UI kit's styles, injected once by the runtime. Plain CSS with custom properties (no utility framework), so
 * generated code looks finished with the kit's components alone and may restyle through `--bai-*` variables.
 */
export const uiCss = `
:root{--bai-bg:#f8fafc;--bai-fg:#0f172a;--bai-muted:#64748b;--bai-border:#e2e8f0;--bai-card:#fff;
--bai-primary:#4f46e5;--bai-primary-fg:#fff;--bai-primary-hover:#4338ca;--bai-secondary:#f1f5f9;
--bai-danger:#dc2626;--bai-success:#16a34a;--bai-warning:#d97706;--bai-radius:10px;
--bai-shadow:0 1px 2px rgba(15,23,42,.06),0 1px 3px rgba(15,23,42,.08);
--bai-font:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;padding:0}
body{font-family:var(--bai-font);background:var(--bai-bg);color:var(--bai-fg);line-height:1.5;
-webkit-font-smoothing:antialiased;font-size:15px}
img,svg{display:inline-block;vertical-align:middle}
a{color:var(--bai-primary)}
.bai-container{width:100%;margin:0 auto;padding:0 20px}
.bai-container-sm{max-width:640px}.bai-container-md{max-width:860px}.bai-container-lg{max-width:1120px}
.bai-container-full{max-width:none}
.bai-stack{display:flex}
.bai-grid{display:grid;grid-template-columns:repeat(var(--bai-cols,1),minmax(0,1fr))}
@media (max-width:720px){.bai-grid{grid-template-columns:minmax(0,1fr)}}
.bai-h{margin:0;font-weight:650;letter-spacing:-.015em;line-height:1.2}
.bai-h1{font-size:clamp(28px,4vw,40px)}.bai-h2{font-size:26px}.bai-h3{font-size:20px}.bai-h4{font-size:17px}
.bai-text{margin:0}.bai-text-muted{color:var(--bai-muted)}.bai-text-sm{font-size:13px}.bai-text-lg{font-size:17px}
.bai-btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;border:1px solid transparent;
border-radius:var(--bai-radius);font:inherit;font-weight:550;cursor:pointer;white-space:nowrap;text-decoration:none;
transition:background .15s,border-color .15s,color .15s,box-shadow .15s}
.bai-btn:focus-visible,.bai-input:focus-visible,.bai-checkbox:focus-visible{outline:none;
box-shadow:0 0 0 3px color-mix(in srgb,var(--bai-primary) 30%,transparent)}
.bai-btn:disabled{opacity:.55;cursor:not-allowed}
.bai-btn svg{width:1.1em;height:1.1em}
.bai-btn-sm{height:32px;padding:0 12px;font-size:13px}.bai-btn-md{height:40px;padding:0 16px;font-size:14px}
.bai-btn-lg{height:48px;padding:0 22px;font-size:16px}
.bai-btn-primary{background:var(--bai-primary);color:var(--bai-primary-fg)}
.bai-btn-primary:hover:not(:disabled){background:var(--bai-primary-hover)}
.bai-btn-secondary{background:var(--bai-secondary);color:var(--bai-fg)}
.bai-btn-secondary:hover:not(:disabled){background:#e2e8f0}
.bai-btn-outline{background:var(--bai-card);border-color:var(--bai-border);color:var(--bai-fg)}
.bai-btn-outline:hover:not(:disabled){background:var(--bai-secondary)}
.bai-btn-ghost{background:transparent;color:var(--bai-fg)}.bai-btn-ghost:hover:not(:disabled){background:var(--bai-secondary)}
.bai-btn-destructive{background:var(--bai-danger);color:#fff}.bai-btn-destructive:hover:not(:disabled){filter:brightness(.92)}
.bai-card{background:var(--bai-card);border:1px solid var(--bai-border);border-radius:calc(var(--bai-radius) + 4px);
box-shadow:var(--bai-shadow)}
.bai-card-header{padding:20px 20px 0;display:flex;flex-direction:column;gap:4px}
.bai-card-title{margin:0;font-size:17px;font-weight:650;letter-spacing:-.01em}
.bai-card-description{margin:0;color:var(--bai-muted);font-size:14px}
.bai-card-content{padding:20px}.bai-card-footer{padding:0 20px 20px;display:flex;gap:8px;align-items:center}
.bai-label{display:block;font-size:13px;font-weight:550;margin-bottom:6px}
.bai-input{width:100%;height:40px;padding:0 12px;border:1px solid var(--bai-border);border-radius:var(--bai-radius);
background:#fff;color:var(--bai-fg);font:inherit;font-size:14px;transition:border-color .15s,box-shadow .15s}
.bai-input:focus{border-color:var(--bai-primary)}
.bai-input::placeholder{color:#94a3b8}
textarea.bai-input{height:auto;min-height:96px;padding:10px 12px;resize:vertical;line-height:1.5}
select.bai-input{appearance:auto}
.bai-checkbox{width:16px;height:16px;accent-color:var(--bai-primary);margin:0}
.bai-badge{display:inline-flex;align-items:center;gap:4px;border-radius:999px;padding:2px 10px;font-size:12px;
font-weight:600;line-height:1.6;border:1px solid transparent}
.bai-badge-default{background:color-mix(in srgb,var(--bai-primary) 12%,#fff);color:var(--bai-primary)}
.bai-badge-secondary{background:var(--bai-secondary);color:var(--bai-fg)}
.bai-badge-outline{border-color:var(--bai-border);color:var(--bai-fg)}
.bai-badge-success{background:#dcfce7;color:#166534}.bai-badge-warning{background:#fef3c7;color:#92400e}
.bai-badge-danger{background:#fee2e2;color:#991b1b}
.bai-separator{border:0;border-top:1px solid var(--bai-border);margin:0;width:100%}
.bai-alert{display:flex;gap:10px;padding:12px 14px;border-radius:var(--bai-radius);border:1px solid var(--bai-border);
background:var(--bai-card);font-size:14px}
.bai-alert-danger{border-color:#fecaca;background:#fef2f2;color:#991b1b}
.bai-alert-success{border-color:#bbf7d0;background:#f0fdf4;color:#166534}
.bai-alert-info{border-color:#c7d2fe;background:#eef2ff;color:#3730a3}
.bai-spinner{width:20px;height:20px;border-radius:50%;border:2px solid var(--bai-border);
border-top-color:var(--bai-primary);animation:bai-spin .8s linear infinite}
@keyframes bai-spin{to{transform:rotate(360deg)}}
.bai-fallback{max-width:560px;margin:64px auto;padding:0 20px}
.bai-fallback .bai-btn{margin-top:16px}
.bai-fallback pre{white-space:pre-wrap;word-break:break-word;font-size:12px;background:#0f172a;color:#e2e8f0;
padding:12px;border-radius:8px;max-height:240px;overflow:auto}
`;
