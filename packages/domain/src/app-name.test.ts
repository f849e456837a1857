import { describe, expect, it } from 'vitest';
import { appNameFromRequest } from './app-name';

describe('appNameFromRequest', () => {
  it.each([
    ['Build me a habit tracker with streaks and reminders', 'Habit tracker with streaks and reminders'],
    ['I want an app for estate agents: a listing writer and an email drafter', 'App for estate agents'],
    ['a CRM for my bakery. It should list orders.', 'CRM for my bakery'],
    [
      'Could you please make a recipe box where friends share dinners and rate them',
      'Recipe box where friends share dinners',
    ],
    ['Hi! Create a todo list', 'Todo list'],
    ['Hello, create a todo list', 'Todo list'],
    ['\n  expense splitter for trips  \nwith currencies', 'Expense splitter for trips'],
    ['Un carnet de recettes partagé', 'Un carnet de recettes partagé'],
    ['Build me a', ''],
    ['!!!', ''],
  ])('%j → %j', (request, name) => {
    expect(appNameFromRequest(request)).toBe(name);
  });

  it('cuts at a word, never past 40 characters', () => {
    const name = appNameFromRequest(
      'Make a dashboard that tracks every shipment across warehouses in real time',
    );
    expect(name).toBe('Dashboard that tracks every shipment');
    expect(name.length).toBeLessThanOrEqual(40);
  });
});
