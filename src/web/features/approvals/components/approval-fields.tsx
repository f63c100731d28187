import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { asCurrency, CURRENCY_DIGITS } from '@core/currency';
import { centsToDecimal } from '@core/money';
import { approvalFieldsSchema, DEFAULT_APPROVAL_GOAL } from '@core/schemas/event';
import type { z } from '@core/schemas/zod-messages';
import type { EventDto } from '@contract/events';
import { FormField } from '@web/components/ui/form-field';
import { MoneyInput, Textarea } from '@web/components/ui/input';
import { currencySign } from '@web/lib/format-money';
import { useT } from '@web/lib/i18n';

export interface ApprovalFormValues {
  minimumSales: string;
  response: string;
}

type ApprovalFieldsOutput = z.output<typeof approvalFieldsSchema>;

/** The goal a truck is offered first: the request's own, else 1000.00. */
export function defaultGoal(event: Pick<EventDto, 'minimumSales'>): string {
  return event.minimumSales && Number(event.minimumSales) > 0 ? event.minimumSales : DEFAULT_APPROVAL_GOAL;
}

/** The goal and response of an answer, validated by the shared approval rule. */
export function useApprovalForm(event: Pick<EventDto, 'minimumSales'>) {
  return useForm<ApprovalFormValues, unknown, ApprovalFieldsOutput>({
    resolver: zodResolver(approvalFieldsSchema) as unknown as Resolver<
      ApprovalFormValues,
      unknown,
      ApprovalFieldsOutput
    >,
    defaultValues: { minimumSales: defaultGoal(event), response: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/** The parsed answer as the API takes it: the goal back to a two-decimal string. */
export function toDecisionFields(values: ApprovalFieldsOutput): {
  minimumSales: string;
  response: string | null;
} {
  return { minimumSales: centsToDecimal(values.minimumSales), response: values.response };
}

export function ApprovalFields({
  form,
  showGoal = true,
  currency: code,
}: {
  form: ReturnType<typeof useApprovalForm>;
  showGoal?: boolean;
  /** The event's currency: the goal is typed in it (USD when not given; whole yen in JPY). */
  currency?: string;
}) {
  const t = useT('app');
  const { errors } = form.formState;
  const currency = asCurrency(code);
  return (
    <div className="space-y-4">
      {showGoal && (
        <FormField
          label={
            currency === 'USD'
              ? t('approvals.goal')
              : t('approvals.goalIn', { currency: currencySign(currency) })
          }
          error={errors.minimumSales?.message}
          hint={t('approvals.goalHint')}
        >
          <MoneyInput step={CURRENCY_DIGITS[currency] === 0 ? 1 : 0.01} {...form.register('minimumSales')} />
        </FormField>
      )}
      <FormField label={t('approvals.response')} error={errors.response?.message}>
        <Textarea rows={3} placeholder={t('approvals.responsePlaceholder')} {...form.register('response')} />
      </FormField>
    </div>
  );
}
