import {
  capValueProblem,
  HOLD_CAP_KINDS,
  HOLD_CAP_LIFT_HOURS,
  normalizeCapValue,
  type HoldCapKind,
  type HoldCapLift,
} from '@kwenda/contracts/admin';
import { Group, Radio, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDeadline } from '../../../lib/format/format-date';
import { ltr } from '../lib/bidi';
import { TypedNumberInput } from '../../../components/typed-number-input';
import { fieldErrorsOf, refusesFieldsOnly } from '../components/api-error-alert';
import { FormDialog } from '../components/form-dialog';
import { ReasonField, reasonTooShort } from '../components/reason-field';
import { useEndLift, useLiftHoldCap } from './limits-api';
import classes from './limits.module.css';

interface DialogProps {
  onClose: () => void;
  /** A sentence for the page's notice once the action succeeded. */
  onDone: (message: string) => void;
}

/** Lift the cap for one e-mail, mobile or address, for some hours, with a reason. */
export function LiftDialog({ onClose, onDone }: DialogProps) {
  const { t, i18n } = useTranslation('admin-limits');
  const lift = useLiftHoldCap();
  const [kind, setKind] = useState<HoldCapKind>('email');
  const [value, setValue] = useState('');
  const [hours, setHours] = useState<number | string>(HOLD_CAP_LIFT_HOURS.default);
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);

  const normalized = normalizeCapValue(kind, value);
  const valueWrong = !normalized || capValueProblem(kind, normalized) !== null;
  const hoursWrong =
    typeof hours !== 'number' || !Number.isInteger(hours) || hours < HOLD_CAP_LIFT_HOURS.min || hours > HOLD_CAP_LIFT_HOURS.max;
  const reasonWrong = reasonTooShort(reason);
  const refused = fieldErrorsOf(lift.error);

  const submit = () => {
    setChecked(true);
    if (valueWrong || hoursWrong || reasonWrong || lift.isPending) return;
    lift.mutate(
      { kind, value, hours: hours as number, reason },
      {
        onSuccess: ({ lift: made }) => {
          onDone(t('form.done', { value: ltr(made.value), time: formatDeadline(made.expiresAt, i18n.language) }));
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      title={t('form.title')}
      onClose={onClose}
      onSubmit={submit}
      pending={lift.isPending}
      error={lift.error}
      hideError={refusesFieldsOnly(lift.error)}
      confirmLabel={t('form.submit')}
    >
      <Text size="sm" className={classes.hint}>
        {t('form.intro')}
      </Text>
      <Radio.Group label={t('form.kind')} value={kind} onChange={(next) => setKind(next as HoldCapKind)} required>
        <Group gap="md" mt={6}>
          {HOLD_CAP_KINDS.map((option) => (
            <Radio key={option} value={option} label={t(`kind.${option}`)} />
          ))}
        </Group>
      </Radio.Group>
      <TextInput
        label={t(`form.value.${kind}`)}
        description={t(`form.valueHint.${kind}`)}
        classNames={{ description: classes.hint }}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        dir="ltr"
        type={kind === 'email' ? 'email' : kind === 'mobile' ? 'tel' : 'text'}
        autoComplete="off"
        required
        error={(checked && valueWrong) || refused.has('value') ? t(`form.valueWrong.${kind}`) : undefined}
      />
      <TypedNumberInput
        label={t('form.hours')}
        description={t('form.hoursHint', { min: HOLD_CAP_LIFT_HOURS.min, max: HOLD_CAP_LIFT_HOURS.max })}
        classNames={{ description: classes.hint }}
        value={hours}
        onChange={setHours}
        min={HOLD_CAP_LIFT_HOURS.min}
        max={HOLD_CAP_LIFT_HOURS.max}
        allowDecimal={false}
        required
        style={{ maxInlineSize: '12rem' }}
        error={(checked && hoursWrong) || refused.has('hours') ? t('form.hoursWrong') : undefined}
      />
      <ReasonField
        label={t('form.reason')}
        description={t('form.reasonHint')}
        value={reason}
        onChange={setReason}
        required
        error={(checked && reasonWrong) || refused.has('reason') ? t('form.reasonWrong') : undefined}
      />
    </FormDialog>
  );
}

/** End a lift before its time: the cap applies again. */
export function EndLiftDialog({ lift, onClose, onDone }: DialogProps & { lift: HoldCapLift }) {
  const { t } = useTranslation('admin-limits');
  const end = useEndLift();
  const confirm = () =>
    end.mutate(lift.id, {
      onSuccess: () => {
        onDone(t('end.done', { value: ltr(lift.value) }));
        onClose();
      },
    });
  return (
    <FormDialog
      title={t('end.title')}
      onClose={onClose}
      onSubmit={confirm}
      pending={end.isPending}
      error={end.error}
      confirmLabel={t('end.confirm')}
      confirmColor="red"
    >
      <Text>
        {t('end.body')}{' '}
        <bdi dir="ltr" className={classes.value}>
          {lift.value}
        </bdi>
      </Text>
    </FormDialog>
  );
}
