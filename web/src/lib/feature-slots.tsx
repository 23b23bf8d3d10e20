import { type ComponentType, createContext, useContext } from 'react';
import type { AllergenProfileItem } from '../types/api.ts';

/**
 * Places where one feature shows another's controls without importing it: the app fills them
 * (`app/feature-slots-provider.tsx`), a feature renders `<Slot ... />`. Empty slots render nothing.
 */
export type FeatureSlots = {
  /** Under a perfume card (e.g. "Find a safe alternative", "Compare"). */
  perfumeActions?: ComponentType<{ perfume: { id: string; name: string } }>;
  /** In "My allergens", under the chosen list (e.g. patch-test entries). */
  profileSection?: ComponentType<{
    selected: AllergenProfileItem[];
    onToggle: (item: AllergenProfileItem) => void;
  }>;
  /** In "My allergens"' footer (e.g. share and print). */
  profileActions?: ComponentType<{ items: AllergenProfileItem[] }>;
};

export const FeatureSlotsContext = createContext<FeatureSlots>({});

export function PerfumeActionsSlot(props: { perfume: { id: string; name: string } }) {
  const Slot = useContext(FeatureSlotsContext).perfumeActions;
  return Slot ? <Slot {...props} /> : null;
}

export function ProfileSectionSlot(props: {
  selected: AllergenProfileItem[];
  onToggle: (item: AllergenProfileItem) => void;
}) {
  const Slot = useContext(FeatureSlotsContext).profileSection;
  return Slot ? <Slot {...props} /> : null;
}

export function ProfileActionsSlot(props: { items: AllergenProfileItem[] }) {
  const Slot = useContext(FeatureSlotsContext).profileActions;
  return Slot ? <Slot {...props} /> : null;
}
