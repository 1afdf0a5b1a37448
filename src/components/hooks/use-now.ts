export { useNow } from '@/components/live/render-clock';
