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
import { usePageData } from '../../../lib/page-data';

/**
 * The booking's copy saved on this device for use offline (lib/saved-trips.ts): read when the page
 * opens, replaced each time the owner's view arrives from the server. `remove` drops it and stops
 * saving it here (a guest on a shared phone has no logout); `keep` saves it again.
 */
export function useSavedTrip(id: string, live: Booking | undefined) {
  // A page the server painted for the owner shows the copy as saved when it was rendered (the page saves
  // it as it starts): what is kept on the device is read only after hydration, which must match the server.
  const { booking: rendered, now: renderedAt } = usePageData();
  const [saved, setSaved] = useState<SavedTrip | null>(() =>
    rendered?.id === id && renderedAt !== undefined ? { booking: rendered, savedAt: renderedAt, owner: 'guest' } : null,
  );
  const [declined, setDeclined] = useState(false);

  useEffect(() => {
    if (isTripSaveDeclined(id)) setDeclined(true);
  }, [id]);

  useEffect(() => {
    let current = true;
    void readSavedTrip(id).then((trip) => current && setSaved((known) => known ?? trip));
    return () => {
      current = false;
    };
  }, [id]);

  useEffect(() => {
    // Read from storage too: on the first run `declined` is not read yet.
    if (!live || declined || isTripSaveDeclined(id)) return;
    let current = true;
    void saveTrip(live).then((trip) => current && setSaved(trip));
    return () => {
      current = false;
    };
  }, [id, live, declined]);

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
