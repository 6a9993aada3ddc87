import {
  allotmentDatedFlightDetailSchema,
  allotmentDatedFlightPatchResponseSchema,
  allotmentFlightPatchResponseSchema,
  allotmentFlightsResponseSchema,
  allotmentImportResponseSchema,
  allotmentManifestSchema,
  type AllotmentDatedFlightPatch,
  type AllotmentFlightsQuery,
} from '@kwenda/contracts/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminFileUrl, adminRequest } from '../lib/admin-api';

/** The seats screens' calls (/api/v1/admin/allotments...): every key starts with 'admin', 'seats'. */
export const seatsKeys = {
  all: ['admin', 'seats'] as const,
  list: (query: AllotmentFlightsQuery) => ['admin', 'seats', 'list', query] as const,
  detail: (id: string) => ['admin', 'seats', 'detail', id] as const,
  manifest: (id: string) => ['admin', 'seats', 'manifest', id] as const,
};

const queryString = (query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** The dated flights of a period (default: today and the next 30 days), of a route or an airline. */
export const useSeatFlights = (query: AllotmentFlightsQuery) =>
  useQuery({
    queryKey: seatsKeys.list(query),
    queryFn: ({ signal }) =>
      adminRequest(`/admin/allotments/flights${queryString(query)}`, allotmentFlightsResponseSchema, { signal }),
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });

/** One dated flight with its flight over the period (the fares a date falls back to). */
export const useDatedFlight = (id: string) =>
  useQuery({
    queryKey: seatsKeys.detail(id),
    queryFn: ({ signal }) =>
      adminRequest(`/admin/allotments/dated-flights/${encodeURIComponent(id)}`, allotmentDatedFlightDetailSchema, { signal }),
  });

/** The passengers of a dated flight, as the airline's office asks for them. */
export const useManifest = (id: string) =>
  useQuery({
    queryKey: seatsKeys.manifest(id),
    queryFn: ({ signal }) =>
      adminRequest(`/admin/allotments/flights/${encodeURIComponent(id)}/manifest`, allotmentManifestSchema, { signal }),
  });

/** Every change reads the list again (seats, badges and the other dates of the flight). */
function useSeatsMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: seatsKeys.all }) });
}

export const useChangeDatedFlight = () =>
  useSeatsMutation(({ id, patch }: { id: string; patch: AllotmentDatedFlightPatch }) =>
    adminRequest(`/admin/allotments/dated-flights/${encodeURIComponent(id)}`, allotmentDatedFlightPatchResponseSchema, {
      method: 'PATCH',
      body: patch,
    }),
  );

/** The whole flight (every date from today) on sale or paused. */
export const useSetFlightOnSale = () =>
  useSeatsMutation(({ flightId, onSale }: { flightId: string; onSale: boolean }) =>
    adminRequest(`/admin/allotments/flights/${encodeURIComponent(flightId)}`, allotmentFlightPatchResponseSchema, {
      method: 'PATCH',
      body: { onSale },
    }),
  );

/**
 * The airline's sheet sent as a multipart file (a chosen file, or the pasted text as one): a dry run
 * answers what would change and saves nothing; an import saves, and the flights are read again.
 */
export const useImportSheet = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ text, name, dryRun }: { text: string; name: string; dryRun: boolean }) => {
      const form = new FormData();
      form.append('file', new Blob([text], { type: 'text/csv' }), name);
      return adminRequest(`/admin/allotments/import?dryRun=${dryRun}`, allotmentImportResponseSchema, {
        method: 'POST',
        body: form,
      });
    },
    onSuccess: (answer) => {
      if (!answer.dryRun) void client.invalidateQueries({ queryKey: seatsKeys.all });
    },
  });
};

/** The manifest as the CSV file the airline's office takes, saved by the browser under `fileName`. */
export async function downloadManifestCsv(id: string, fileName: string) {
  const { url } = await adminFileUrl(`/admin/allotments/flights/${encodeURIComponent(id)}/manifest?format=csv`);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
