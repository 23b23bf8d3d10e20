import type { ReactNode } from 'react';
import { PatchTestSection } from '../features/allergen-profile/components/patch-test-section.tsx';
import { SafeAlternativeButton } from '../features/alternatives/safe-alternative-button.tsx';
import { ShareProfileButton } from '../features/share-profile/share-profile-button.tsx';
import { type FeatureSlots, FeatureSlotsContext } from '../lib/feature-slots.tsx';

const SLOTS: FeatureSlots = {
  perfumeActions: SafeAlternativeButton,
  profileSection: PatchTestSection,
  profileActions: ShareProfileButton,
};

/** Fills the places where features show each other's controls. */
export function FeatureSlotsProvider({ children }: { children: ReactNode }) {
  return <FeatureSlotsContext.Provider value={SLOTS}>{children}</FeatureSlotsContext.Provider>;
}
