// A route that exists but whose screen has not been built yet: says so plainly, shows no data.
export function UnfinishedPage({ title }: { title: string }) {
  return (
    <section className="container-page py-16">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p role="status" className="mt-4 rounded-md border border-dashed border-gray-300 bg-gray-50 p-6 text-gray-600">
        This page is not available yet. We are still building it.
      </p>
    </section>
  );
}
