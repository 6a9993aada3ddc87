import { Anchor } from '@mantine/core';
import { Link } from '../../../lib/router';

/** A booking's reference (left to right in Arabic too) linking to its page on the desk. */
export function BookingLink({ id, reference, inherit }: { id: string; reference: string; inherit?: boolean }) {
  return (
    <Anchor component={Link} to={`/admin/bookings/${id}`} inherit={inherit}>
      <span dir="ltr">{reference}</span>
    </Anchor>
  );
}
