// /staff/team: staff members and their permissions; invite by email, change permissions
// (MANAGE_STAFF). The form is checked by the API's own schema again.
import { data, Form, useActionData } from 'react-router';
import type { Route } from './+types/staff-team';
import { STAFF_PERMISSION_LABELS, STAFF_PERMISSIONS, type StaffPermission } from '../../common/staff/permissions';
import { StaffCreateMutation, StaffUpdateMutation, StaffUsersQuery, toStaffMembers } from '../graphql/staff';
import { query } from '../lib/api.server';
import { requireStaff } from './staff.server';
import { FormResult } from '../components/staff/FormField';

export const meta: Route.MetaFunction = () => [{ title: 'Staff | Suki back office' }];

export async function loader({ context }: Route.LoaderArgs) {
  await requireStaff(context, 'MANAGE_STAFF');
  return { members: toStaffMembers(await query(context, StaffUsersQuery)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(context, 'MANAGE_STAFF');
  const form = await request.formData();
  const permissions = form.getAll('permissions').map(String).filter((p): p is StaffPermission => (STAFF_PERMISSIONS as readonly string[]).includes(p));
  const result =
    form.get('intent') === 'update'
      ? (await query(context, StaffUpdateMutation, { id: String(form.get('id') ?? ''), permissions })).staffUpdate
      : (
          await query(context, StaffCreateMutation, {
            input: { email: String(form.get('email') ?? ''), firstName: String(form.get('firstName') ?? ''), lastName: String(form.get('lastName') ?? ''), permissions },
          })
        ).staffCreate;
  const error = result?.errors?.[0]?.message;
  return data({ ok: !error, message: error ?? 'Saved.' }, { status: error ? 400 : 200 });
}

function PermissionBoxes({ idPrefix, checked }: { idPrefix: string; checked: readonly StaffPermission[] }) {
  return (
    <fieldset className="flex flex-wrap gap-3">
      <legend className="sr-only">Permissions</legend>
      {STAFF_PERMISSIONS.map((p) => (
        <label key={p} htmlFor={`${idPrefix}-${p}`} className="flex items-center gap-1 text-sm">
          <input id={`${idPrefix}-${p}`} type="checkbox" name="permissions" value={p} defaultChecked={checked.includes(p)} />
          {STAFF_PERMISSION_LABELS[p]}
        </label>
      ))}
    </fieldset>
  );
}

export default function StaffTeam({ loaderData }: Route.ComponentProps) {
  const { members } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="team-title" className="space-y-6">
      <h1 id="team-title" className="text-2xl font-bold">
        Staff
      </h1>
      <FormResult result={result} />
      <Form method="post" className="space-y-3 rounded border border-gray-200 bg-white p-4" aria-labelledby="invite-title">
        <h2 id="invite-title" className="text-lg font-semibold">
          Invite a staff member
        </h2>
        <input type="hidden" name="intent" value="create" />
        <div className="flex flex-wrap gap-3">
          {(['email', 'firstName', 'lastName'] as const).map((name) => (
            <div key={name}>
              <label htmlFor={`invite-${name}`} className="block text-sm font-medium">
                {name === 'email' ? 'Email' : name === 'firstName' ? 'First name' : 'Last name'}
              </label>
              <input id={`invite-${name}`} name={name} type={name === 'email' ? 'email' : 'text'} required={name === 'email'} maxLength={name === 'email' ? 254 : 100} className="rounded border border-gray-300 px-2 py-1" />
            </div>
          ))}
        </div>
        <PermissionBoxes idPrefix="invite" checked={[]} />
        <button type="submit" className="btn-primary">
          Send invitation
        </button>
      </Form>
      <ul className="space-y-3">
        {members.map((m) => (
          <li key={m.id} className="rounded border border-gray-200 bg-white p-4">
            <p className="font-semibold">
              {m.email} {m.firstName || m.lastName ? `(${`${m.firstName} ${m.lastName}`.trim()})` : ''}
            </p>
            {m.isSuperuser ? (
              <p className="text-sm">Superuser: every permission.</p>
            ) : (
              <Form method="post" className="mt-2 flex flex-wrap items-center gap-3" aria-label={`Permissions of ${m.email}`}>
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="id" value={m.id} />
                <PermissionBoxes idPrefix={m.id} checked={m.permissions} />
                <button type="submit" className="btn-outline">
                  Save
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
