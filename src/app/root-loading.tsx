/** Spec §2: while the sign-in state loads, the root shows 'loading...'. */
export function RootLoading() {
  return (
    <div className="root-loading" role="status">
      loading...
    </div>
  );
}
