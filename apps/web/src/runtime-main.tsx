import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RuntimeDocument } from '@/app/runtime/runtime-document';
import './runtime.css';

// The public app pages' own entry (`runtime.html`, served for `/app/*`): docs/decisions/0005 "Page weight".
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RuntimeDocument />
  </StrictMode>,
);
