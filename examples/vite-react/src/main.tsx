import { GatehouseProvider } from '@gatehouse/react';
import { createClient } from '@gatehouse/sdk';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

// One client for the whole page. The server must list this page's origin (README "Cross-origin development":
// DEV_ALLOWED_ORIGINS=http://localhost:5173 when the server runs in development).
const client = createClient(import.meta.env.VITE_GATEHOUSE_PUBLIC_TOKEN, {
  baseUrl: import.meta.env.VITE_GATEHOUSE_URL,
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <GatehouseProvider client={client}>
      <App />
    </GatehouseProvider>
  </StrictMode>,
);
