import { PageHeader } from '../../../components/PageHeader';

export function ServiceFormScreen() {
  return (
    <section className="screen">
      <PageHeader title="Create Service" />
    </section>
  );
}
