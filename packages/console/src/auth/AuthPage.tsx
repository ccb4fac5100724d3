// The auth page (placeholder until its issue lands).
export default function AuthPage() {
  return <h1>Authentication</h1>;
}
