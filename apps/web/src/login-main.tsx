import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginDocument } from '@/app/login/login-document';
import './public.css';

// The sign-in page's own entry (`login.html`, served for `/login`): docs/decisions/0005 "Page weight".
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LoginDocument />
  </StrictMode>,
);
