import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { notify } from '../../../components/ui/notices.tsx';
import { SignInRequired } from '../../../components/sign-in/sign-in-required.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { requestFailureText, translateServerMessage } from '../../../lib/server-messages.ts';
import { useSession } from '../../../lib/session.ts';
import { storage, storedLanguage } from '../../../lib/storage.ts';
import { useCreateGroup } from '../api/create-group.ts';
import {
  ACCESS_RULE_ANY,
  ACCESS_RULE_EMAIL,
  ACCESS_RULE_PHONE,
  chatMessages,
  type GroupAccessRule,
} from '../../../api/contract/constants.ts';
import { groupNameProblem } from '../group-rules.ts';
import { GroupNameField } from './group-parts.tsx';
import './groups.css';

/**
 * /chat/new (docs/product/channels-and-groups.md "Chat groups"): the group's name (stored as its
 * description) and its access rule, phone verified by default. A phone group needs a confirmed
 * phone: without one the user verifies it first and comes back here.
 */
export function NewGroupPage({ initialName = '' }: { initialName?: string | undefined }) {
  const { t } = useLingui();
  const session = useSession();
  if (!session.signedIn) return <SignInRequired title={t`Create a group`} />;
  return <NewGroupForm initialName={initialName} />;
}

function NewGroupForm({ initialName }: { initialName: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const create = useCreateGroup();
  const [name, setName] = useState(initialName);
  const [rule, setRule] = useState<GroupAccessRule>(ACCESS_RULE_PHONE);
  const [nameError, setNameError] = useState<string | null>(null);
  const id = useId();

  const rules: { value: GroupAccessRule; label: string; hint: string }[] = [
    {
      value: ACCESS_RULE_PHONE,
      label: t`Members with a verified phone number`,
      hint: t`Invite people by phone; they confirm their number to join.`,
    },
    {
      value: ACCESS_RULE_EMAIL,
      label: t`Members with a verified e-mail address`,
      hint: t`Invite people by e-mail; they need a confirmed address to join.`,
    },
    {
      value: ACCESS_RULE_ANY,
      label: t`Anyone with the link`,
      hint: t`Everyone signed in who has the group's link can join.`,
    },
  ];

  const sendToPhoneVerification = async () => {
    notify(translateServerMessage(chatMessages.phoneNeededToCreate));
    // The name comes back with the user, so the form is as they left it.
    storage.set('phone-return-url', `/chat/new?name=${encodeURIComponent(name.trim())}`);
    await navigate({ to: '/verifyphonenumber' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = groupNameProblem(name);
    if (problem) {
      setNameError(translateServerMessage(problem));
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    if (rule === ACCESS_RULE_PHONE && me && !me.phoneconfirmed) {
      await sendToPhoneVerification();
      return;
    }
    try {
      const reply = await create.mutateAsync({
        description: name.trim(),
        channel_access_rule: rule,
        language_code_ui: storedLanguage() ?? 'en',
        is_chatgroup: true,
      });
      if (reply.success && reply.data) {
        notify(t`Group created.`, { kind: 'success' });
        await navigate({
          to: '/chat/$channel_name/{-$wave_name}',
          params: { channel_name: reply.data.channel_name, wave_name: undefined },
        });
        return;
      }
      if (reply.message === chatMessages.phoneNeededToCreate) {
        await sendToPhoneVerification();
        return;
      }
      const fieldMessage = Object.values(reply.formFieldErrorMessages)[0];
      if (reply.formFieldErrorMessages['description'])
        setNameError(translateServerMessage(reply.formFieldErrorMessages['description']));
      notify(t`Failed to create group: ${translateServerMessage(fieldMessage ?? reply.message)}`);
    } catch (error) {
      notify(
        error instanceof TypeError
          ? requestFailureText(error)
          : t`Failed to create group: ${translateServerMessage((error as Error).message)}`,
      );
    }
  };

  return (
    <section className="page page--narrow" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>
        <Trans>Create a group</Trans>
      </h1>
      <p className="muted">
        <Trans>
          A chat group is private: only its members see and hear its messages. You are its admin and
          invite the members.
        </Trans>
      </p>
      <form className="card form" onSubmit={(event) => void submit(event)} noValidate>
        <GroupNameField
          inputId={`${id}-name`}
          label={<Trans>Group name</Trans>}
          value={name}
          error={nameError}
          onChange={(value) => {
            setName(value);
            setNameError(null);
          }}
        />
        <fieldset className="field groups__rules">
          <legend className="field__label">
            <Trans>Who can join</Trans>
          </legend>
          {rules.map((option) => (
            <label key={option.value} className="groups__rule">
              <input
                type="radio"
                name="channel_access_rule"
                value={option.value}
                checked={rule === option.value}
                onChange={() => setRule(option.value)}
              />
              <span>
                <span className="groups__rule-label">{option.label}</span>
                <span className="field__hint">{option.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {rule === ACCESS_RULE_PHONE && me && !me.phoneconfirmed && (
          <p className="field__hint" role="note">
            <Trans>You will confirm your phone number first, then come back here.</Trans>
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {create.isPending ? <Trans>Creating…</Trans> : <Trans>Create group</Trans>}
        </button>
      </form>
    </section>
  );
}
