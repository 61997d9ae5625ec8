from sheriff.cli import main

raise SystemExit(main())
