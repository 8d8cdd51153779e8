/** The Puzzles page. */
import '../offline';
import './puzzles-page';
