import type { ReactNode } from 'react';
import { PatchTestSection } from '../features/allergen-profile/components/patch-test-section.tsx';
import { SafeAlternativeButton } from '../features/alternatives/safe-alternative-button.tsx';
import { CompareToggle } from '../features/compare/compare-toggle.tsx';
import { CompareTray } from '../features/compare/compare-tray.tsx';
import { ShareProfileButton } from '../features/share-profile/share-profile-button.tsx';
import { SharedProfileNotice } from '../features/share-profile/shared-profile-notice.tsx';
import { type FeatureSlots, FeatureSlotsContext } from '../lib/feature-slots.tsx';

function PerfumeActions({ perfume }: { perfume: { id: string; name: string } }) {
  return (
    <div className="perfume-card__actions">
      <SafeAlternativeButton perfume={perfume} />
      <CompareToggle perfume={perfume} />
    </div>
  );
}

const SLOTS: FeatureSlots = {
  perfumeActions: PerfumeActions,
  profileSection: PatchTestSection,
  profileActions: ShareProfileButton,
};

/** Fills the places where features show each other's controls. */
export function FeatureSlotsProvider({ children }: { children: ReactNode }) {
  return (
    <FeatureSlotsContext.Provider value={SLOTS}>
      {children}
      <CompareTray />
      <SharedProfileNotice />
    </FeatureSlotsContext.Provider>
  );
}
