from lnf.cli import main

main()
