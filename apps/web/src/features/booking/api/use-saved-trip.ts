import type { Booking } from '@kwenda/contracts';
import { useCallback, useEffect, useState } from 'react';
import {
  allowTripSave,
  isTripSaveDeclined,
  readSavedTrip,
  removeSavedTrip,
  saveTrip,
  type SavedTrip,
} from '../../../lib/saved-trips';

/**
 * The booking's copy saved on this device for use offline (lib/saved-trips.ts): read when the page
 * opens, replaced each time the owner's view arrives from the server. `remove` drops it and stops
 * saving it here (a guest on a shared phone has no logout); `keep` saves it again.
 */
export function useSavedTrip(id: string, live: Booking | undefined) {
  const [saved, setSaved] = useState<SavedTrip | null>(null);
  const [declined, setDeclined] = useState(() => typeof window !== 'undefined' && isTripSaveDeclined(id));

  useEffect(() => {
    let current = true;
    void readSavedTrip(id).then((trip) => current && setSaved((known) => known ?? trip));
    return () => {
      current = false;
    };
  }, [id]);

  useEffect(() => {
    if (!live || declined) return;
    let current = true;
    void saveTrip(live).then((trip) => current && setSaved(trip));
    return () => {
      current = false;
    };
  }, [live, declined]);

  const remove = useCallback(() => {
    setDeclined(true);
    setSaved(null);
    void removeSavedTrip(id, true);
  }, [id]);
  const keep = useCallback(() => {
    allowTripSave(id);
    setDeclined(false);
  }, [id]);

  return { saved, declined, remove, keep };
}
