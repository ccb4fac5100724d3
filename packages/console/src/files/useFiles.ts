// The file list as a TanStack query keyed by the unit's address, and its two writes (delete, refresh) as mutations.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { API, FileList } from "@trc/protocol";
import { request } from "../api/client.ts";
import { deviceKey, useApiBase } from "../shared/unit/deviceSettings.ts";
import { DELETE_FAILED_LOG, deleteFailure, deleteFile, refreshFileSystem } from "./fileActions.ts";

export function useFiles() {
  const base = useApiBase();
  const client = useQueryClient();
  const queryKey = deviceKey(base, "files");
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => request(API.filesAll, FileList, { base, signal }),
  });
  const refetch = () => client.invalidateQueries({ queryKey });
  const remove = useMutation({
    mutationFn: (name: string) => deleteFile(name, base),
    // Only a 200 counts as deleted (SPEC §7): then the list is read again.
    onSuccess: () => refetch(),
    onError: (err, name) => console.warn(DELETE_FAILED_LOG, deleteFailure(name, err)),
  });
  const refreshFiles = useMutation({
    mutationFn: () => refreshFileSystem(base),
    // The spec reloads the page after the device rebuilt its example files.
    onSuccess: () => location.reload(),
  });
  return { query, refetch, remove, refreshFiles };
}
