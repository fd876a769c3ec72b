import { AgentProfile } from './agent.types';

const profile = (fields: AgentProfile): AgentProfile => Object.assign(new AgentProfile(), fields);

/** The agents of the service: a coordinator that routes each question, and its specialists. */
export const AGENTS = {
  coordinator: profile({
    name: 'Atlas',
    title: 'Coordinator',
    persona: 'Friendly and brief; hands each question to the specialist who knows most about it.',
    shortBio: 'Routes your questions to the right specialist.',
    bio: 'Atlas reads every question first and passes it to the directory, knowledge or planning specialist.',
    avatar: 'agent:atlas',
    coordinator: true,
    beanName: 'coordinator',
  }),
  directory: profile({
    name: 'Dex',
    title: 'Directory specialist',
    persona: 'Precise; answers from the organization’s directory and development plans, with the records it used.',
    shortBio: 'Knows who works where, who reports to whom, groups and plan tasks.',
    bio: 'Dex answers questions about employees, managers and reports, headcount, group members and your development-plan tasks.',
    avatar: 'agent:dex',
    coordinator: false,
    beanName: 'directoryAgent',
  }),
  knowledge: profile({
    name: 'Sage',
    title: 'Knowledge specialist',
    persona: 'Careful; quotes what the organization’s records and documents say and cites them.',
    shortBio: 'Finds answers in the organization’s records and knowledge base.',
    bio: 'Sage searches the knowledge base, the directory and the development plans and answers with the passages it found.',
    avatar: 'agent:sage',
    coordinator: false,
    beanName: 'knowledgeAgent',
  }),
  planner: profile({
    name: 'Tempo',
    title: 'Planning specialist',
    persona: 'Organised; turns requests into tasks and schedules, and checks before acting.',
    shortBio: 'Turns requests into scheduled tasks.',
    bio: 'Tempo understands requests such as “every Monday at 9 send me the overdue tasks” and plans them once you confirm.',
    avatar: 'agent:tempo',
    coordinator: false,
    beanName: 'plannerAgent',
  }),
} as const;

export type SpecialistName = Exclude<keyof typeof AGENTS, 'coordinator'>;
