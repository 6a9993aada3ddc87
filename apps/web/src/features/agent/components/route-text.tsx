import { useTranslation } from '../../../i18n/use-translation';
import { airportCity, useAirports } from '../../../lib/airports';

/** A trip's airports as city names, with an arrow that points the way the text reads. */
export function RouteText({ route }: { route: string[] }) {
  const { i18n } = useTranslation();
  const { byCode } = useAirports();
  const arrow = i18n.dir() === 'rtl' ? ' ← ' : ' → ';
  return <>{route.map((code) => airportCity(byCode.get(code), i18n.language, code)).join(arrow)}</>;
}
