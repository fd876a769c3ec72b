import { z } from 'zod';
import { readCappedJson } from '../../../common/capped-read';
import { errorReason } from '../../../common/error-reason';
import { trimEndOf } from '../../../common/trim-end';
import { describeSchedule } from './assignment';
import { NotificationChannel, ScheduleFrequency } from './plan-enums';
import { type Plan, type PlanContext, planRequest } from './plan-request';
import { isTimeZone } from './time-zones';

/** Reads a request into a plan. */
export interface PlanReader {
  read(request: string, context: PlanContext): Promise<Plan>;
}

/** The rule reader alone (plan-request.ts): no language model configured. */
export const RULE_READER: PlanReader = { read: (request, context) => Promise.resolve(planRequest(request, context)) };

/** The assignment a model proposes: the plan's schedule and delivery fields, as JSON. */
const ModelPlan = z.object({
  frequency: z.enum(ScheduleFrequency),
  hour: z.number().int().min(0).max(23).nullable(),
  minute: z.number().int().min(0).max(59).nullable(),
  day: z.number().int().min(-1).max(31).nullable(),
  recurrence: z.string().max(200).nullable(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  timeZone: z.string().refine(isTimeZone, 'not an IANA time zone'),
  channel: z.enum(NotificationChannel),
  notifyTo: z.string().max(320).nullable(),
});
type ModelPlan = z.infer<typeof ModelPlan>;

/** The same fields as a JSON schema, for the server's structured output. */
const JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['frequency', 'hour', 'minute', 'day', 'recurrence', 'date', 'timeZone', 'channel', 'notifyTo'],
  properties: {
    frequency: { type: 'string', enum: Object.values(ScheduleFrequency) },
    hour: { type: ['integer', 'null'], description: '0-23, local time' },
    minute: { type: ['integer', 'null'] },
    day: {
      type: ['integer', 'null'],
      description:
        'ISO weekday 1-7 for WEEKLY (and a CUSTOM or ONCE on one weekday); day of the month for MONTHLY, QUARTERLY and YEARLY (31 for the last day)',
    },
    recurrence: {
      type: ['string', 'null'],
      description: 'RFC 5545 RRULE without DTSTART, BYHOUR or BYMINUTE, e.g. FREQ=WEEKLY;BYDAY=TU,TH',
    },
    date: { type: ['string', 'null'], description: 'YYYY-MM-DD: the date of a ONCE, the named date of a YEARLY' },
    timeZone: { type: 'string', description: 'IANA zone' },
    channel: { type: 'string', enum: Object.values(NotificationChannel) },
    notifyTo: { type: ['string', 'null'], description: 'an e-mail address or a #channel' },
  },
} as const;

/** The fields on which the model and the rules must agree before a plan is offered. */
const COMPARED = ['frequency', 'hour', 'minute', 'day', 'timeZone', 'channel', 'notifyTo'] as const;

export interface ModelOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** For the whole answer, body included. */
  timeoutMs: number;
  /** Most bytes of the answer read; a larger answer is a failed one. */
  maxBytes: number;
}

/**
 * With a language model configured: the model is asked for the assignment as structured output
 * (a JSON schema), its answer is validated, then checked against the rule reader. When they agree
 * the plan stands; when they disagree the user is asked which reading is meant, and nothing is
 * scheduled until they say. A model that fails or answers something that is not the schema
 * leaves the rule reader's plan as it is (the failure is logged, never shown).
 */
export class ModelCheckedReader implements PlanReader {
  private readonly url: string;

  constructor(
    private readonly options: ModelOptions,
    private readonly onFailure: (reason: string) => void,
  ) {
    this.url = `${trimEndOf(options.baseUrl, '/')}/chat/completions`;
  }

  async read(request: string, context: PlanContext): Promise<Plan> {
    const rules = planRequest(request, context);
    if (rules.frequency === ScheduleFrequency.INVALID) return rules;
    let proposed: ModelPlan;
    try {
      proposed = await this.ask(request, context);
    } catch (error) {
      this.onFailure(errorReason(error));
      return rules;
    }
    const differ = COMPARED.filter((field) => proposed[field] !== rules[field]);
    if (rules.recurrence && proposed.recurrence && proposed.recurrence !== rules.recurrence) differ.push('frequency');
    if (!differ.length) return rules;
    const theirs = { ...rules, ...proposed };
    const mine = `${describeSchedule(rules)}${rules.notifyTo ? ` to ${rules.notifyTo}` : ''}`;
    const other = `${describeSchedule(theirs)}${theirs.notifyTo ? ` to ${theirs.notifyTo}` : ''}`;
    const question =
      mine === other
        ? `to be sure of the ${[...new Set(differ)].join(' and ')}`
        : `to know which you mean: ${mine}, or ${other}`;
    return { ...rules, missing: [...rules.missing, question] };
  }

  private async ask(request: string, context: PlanContext): Promise<ModelPlan> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    const now = (context.now ?? new Date()).toISOString();
    const body = JSON.stringify({
      model: this.options.model,
      stream: false,
      temperature: 0,
      response_format: { type: 'json_schema', json_schema: { name: 'assignment', strict: true, schema: JSON_SCHEMA } },
      messages: [
        {
          role: 'system',
          content: `Read the user's request into a schedule. It is now ${now}; the organization's time zone is ${context.timeZone}; the user's e-mail is ${context.email ?? 'unknown'}. Use null for what the request does not say. Answer with the JSON object only.`,
        },
        { role: 'user', content: request },
      ],
    });
    const response = await fetch(this.url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`the language model server answered HTTP ${response.status} to the planning request`);
    }
    const completion = (await readCappedJson(response.body, this.options.maxBytes)) as {
      choices?: { message?: { content?: unknown } }[];
    };
    const content = completion.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new Error('the language model answered no message to the planning request');
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch {
      throw new Error('the language model answered the planning request with text that is not JSON');
    }
    const parsed = ModelPlan.safeParse(json);
    if (!parsed.success)
      throw new Error(
        `the language model's plan does not fit the schema (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message})`,
      );
    return parsed.data;
  }
}
