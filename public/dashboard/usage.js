// Draws the usage chart: stacked bars of credits per day, one colour per capability.
import { pageData } from './common.js';

const COLOURS = ['#3552d4', '#e07b39', '#2a9d8f', '#c44569', '#8e6bd6', '#6c757d', '#d4a017'];
const { days, series } = pageData();
const canvas = document.getElementById('usage-chart');
const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
const text = dark ? '#e7e9ee' : '#1c2230';
const grid = dark ? '#323846' : '#dde1e8';

if (canvas && window.Chart) {
  new window.Chart(canvas, {
    type: 'bar',
    data: {
      labels: days.map((day) => day.slice(5)),
      datasets: series.map((s, i) => ({
        label: s.label,
        data: s.credits,
        backgroundColor: COLOURS[i % COLOURS.length],
        stack: 'credits',
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: {
        x: { stacked: true, ticks: { color: text }, grid: { color: grid } },
        y: {
          stacked: true,
          beginAtZero: true,
          ticks: { color: text, precision: 0 },
          grid: { color: grid },
          title: { display: true, text: 'credits', color: text },
        },
      },
      plugins: { legend: { labels: { color: text } }, tooltip: { mode: 'index', intersect: false } },
    },
  });
}
