// The file list query (GET filesystem/getAll), keyed by the endpoint so a new device never shows old files.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { API, FileList } from "@trc/protocol";
import { request } from "../api/client.ts";
import { useDeviceSettings } from "../shared/deviceSettings.ts";

export const FILES_QUERY_KEY = "files";

export function useFiles() {
  const rootAPI = useDeviceSettings((s) => s.rootAPI);
  const client = useQueryClient();
  const key = [FILES_QUERY_KEY, rootAPI];
  const query = useQuery({ queryKey: key, queryFn: () => request(API.filesAll, FileList) });
  return { query, refetch: () => client.invalidateQueries({ queryKey: key }) };
}
