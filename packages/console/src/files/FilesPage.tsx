// The files page (placeholder until its issue lands).
export default function FilesPage() {
  return <h1>Files</h1>;
}
