import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { FeatureSlotsProvider } from './app/feature-slots-provider.tsx';
import { initI18n } from './app/i18n.ts';
import { registerServiceWorker } from './features/pwa/register-service-worker.ts';
import { applySharedProfile } from './features/share-profile/share-link.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A shared allergen profile in the address presets "My allergens" before anything reads them.
applySharedProfile();
registerServiceWorker();

// Render once the interface language is known, so no English flashes before a translation.
initI18n()
  .catch((error: unknown) => console.error('Language setup failed; using English', error))
  .finally(() => {
    createRoot(root).render(
      <StrictMode>
        <FeatureSlotsProvider>
          <App />
        </FeatureSlotsProvider>
      </StrictMode>,
    );
  });
