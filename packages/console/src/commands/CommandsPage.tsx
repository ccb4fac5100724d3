// The commands page (placeholder until its issue lands).
export default function CommandsPage() {
  return <h1>Commands</h1>;
}
